from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_user_request_input_role import CreateUserRequestInputRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateUserRequestInput")


@_attrs_define
class CreateUserRequestInput:
    """
    Attributes:
        email (str):
        name (None | str | Unset):
        role (CreateUserRequestInputRole | Unset): role in the active organization Default:
            CreateUserRequestInputRole.MEMBER.
    """

    email: str
    name: None | str | Unset = UNSET
    role: CreateUserRequestInputRole | Unset = CreateUserRequestInputRole.MEMBER

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _role = d.pop("role", UNSET)
        role: CreateUserRequestInputRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = CreateUserRequestInputRole(_role)

        create_user_request_input = cls(
            email=email,
            name=name,
            role=role,
        )

        return create_user_request_input
