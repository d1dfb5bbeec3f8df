from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.update_member_role_request_role import UpdateMemberRoleRequestRole

T = TypeVar("T", bound="UpdateMemberRoleRequest")


@_attrs_define
class UpdateMemberRoleRequest:
    """
    Attributes:
        role (UpdateMemberRoleRequestRole): ownership moves only by transfer
    """

    role: UpdateMemberRoleRequestRole

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
        role = UpdateMemberRoleRequestRole(d.pop("role"))

        update_member_role_request = cls(
            role=role,
        )

        return update_member_role_request
