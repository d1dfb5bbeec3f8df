from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.update_member_role_request_input_role import (
    UpdateMemberRoleRequestInputRole,
)

T = TypeVar("T", bound="UpdateMemberRoleRequestInput")


@_attrs_define
class UpdateMemberRoleRequestInput:
    """
    Attributes:
        role (UpdateMemberRoleRequestInputRole): ownership moves only by transfer
    """

    role: UpdateMemberRoleRequestInputRole

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = UpdateMemberRoleRequestInputRole(d.pop("role"))

        update_member_role_request_input = cls(
            role=role,
        )

        return update_member_role_request_input
