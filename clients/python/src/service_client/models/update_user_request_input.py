from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_user_request_input_role import UpdateUserRequestInputRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateUserRequestInput")


@_attrs_define
class UpdateUserRequestInput:
    """
    Attributes:
        name (None | str | Unset):
        role (UpdateUserRequestInputRole | Unset): role in the active organization
    """

    name: None | str | Unset = UNSET
    role: UpdateUserRequestInputRole | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _role = d.pop("role", UNSET)
        role: UpdateUserRequestInputRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = UpdateUserRequestInputRole(_role)

        update_user_request_input = cls(
            name=name,
            role=role,
        )

        return update_user_request_input
