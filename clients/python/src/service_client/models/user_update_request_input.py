from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UserUpdateRequestInput")


@_attrs_define
class UserUpdateRequestInput:
    """
    Attributes:
        name (None | str | Unset):
        default_organization_id (None | Unset | UUID): organization used when no X-Organization-Id is sent
    """

    name: None | str | Unset = UNSET
    default_organization_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        default_organization_id: None | str | Unset
        if isinstance(self.default_organization_id, Unset):
            default_organization_id = UNSET
        elif isinstance(self.default_organization_id, UUID):
            default_organization_id = str(self.default_organization_id)
        else:
            default_organization_id = self.default_organization_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if default_organization_id is not UNSET:
            field_dict["default_organization_id"] = default_organization_id

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

        def _parse_default_organization_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_organization_id_type_0 = UUID(data)

                return default_organization_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        default_organization_id = _parse_default_organization_id(
            d.pop("default_organization_id", UNSET)
        )

        user_update_request_input = cls(
            name=name,
            default_organization_id=default_organization_id,
        )

        return user_update_request_input
