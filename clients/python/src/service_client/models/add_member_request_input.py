from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.add_member_request_input_role import AddMemberRequestInputRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddMemberRequestInput")


@_attrs_define
class AddMemberRequestInput:
    """
    Attributes:
        user_id (UUID | Unset):
        email (str | Unset):
        role (AddMemberRequestInputRole | Unset):  Default: AddMemberRequestInputRole.MEMBER.
    """

    user_id: UUID | Unset = UNSET
    email: str | Unset = UNSET
    role: AddMemberRequestInputRole | Unset = AddMemberRequestInputRole.MEMBER

    def to_dict(self) -> dict[str, Any]:
        user_id: str | Unset = UNSET
        if not isinstance(self.user_id, Unset):
            user_id = str(self.user_id)

        email = self.email

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if user_id is not UNSET:
            field_dict["user_id"] = user_id
        if email is not UNSET:
            field_dict["email"] = email
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _user_id = d.pop("user_id", UNSET)
        user_id: UUID | Unset
        if isinstance(_user_id, Unset):
            user_id = UNSET
        else:
            user_id = UUID(_user_id)

        email = d.pop("email", UNSET)

        _role = d.pop("role", UNSET)
        role: AddMemberRequestInputRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = AddMemberRequestInputRole(_role)

        add_member_request_input = cls(
            user_id=user_id,
            email=email,
            role=role,
        )

        return add_member_request_input
