from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.add_member_request_role import AddMemberRequestRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddMemberRequest")


@_attrs_define
class AddMemberRequest:
    """
    Attributes:
        role (AddMemberRequestRole):  Default: AddMemberRequestRole.MEMBER.
        user_id (UUID | Unset):
        email (Any | Unset):
    """

    role: AddMemberRequestRole = AddMemberRequestRole.MEMBER
    user_id: UUID | Unset = UNSET
    email: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        user_id: str | Unset = UNSET
        if not isinstance(self.user_id, Unset):
            user_id = str(self.user_id)

        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )
        if user_id is not UNSET:
            field_dict["user_id"] = user_id
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = AddMemberRequestRole(d.pop("role"))

        _user_id = d.pop("user_id", UNSET)
        user_id: UUID | Unset
        if isinstance(_user_id, Unset):
            user_id = UNSET
        else:
            user_id = UUID(_user_id)

        email = d.pop("email", UNSET)

        add_member_request = cls(
            role=role,
            user_id=user_id,
            email=email,
        )

        return add_member_request
