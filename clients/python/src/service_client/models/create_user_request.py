from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_user_request_role import CreateUserRequestRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateUserRequest")


@_attrs_define
class CreateUserRequest:
    """
    Attributes:
        email (Any):
        role (CreateUserRequestRole): role in the active organization Default: CreateUserRequestRole.MEMBER.
        name (None | str | Unset):
    """

    email: Any
    role: CreateUserRequestRole = CreateUserRequestRole.MEMBER
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role = self.role.value

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "role": role,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        role = CreateUserRequestRole(d.pop("role"))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        create_user_request = cls(
            email=email,
            role=role,
            name=name,
        )

        return create_user_request
