from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.user_profile_input_roles_item import UserProfileInputRolesItem


T = TypeVar("T", bound="UserProfileInput")


@_attrs_define
class UserProfileInput:
    """
    Attributes:
        id (UUID):
        email (str):
        name (None | str):
        is_system_admin (bool):
        default_organization_id (None | UUID):
        roles (list[UserProfileInputRolesItem]):
        created_at (str):
        deleted_at (None | str):
    """

    id: UUID
    email: str
    name: None | str
    is_system_admin: bool
    default_organization_id: None | UUID
    roles: list[UserProfileInputRolesItem]
    created_at: str
    deleted_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        name: None | str
        name = self.name

        is_system_admin = self.is_system_admin

        default_organization_id: None | str
        if isinstance(self.default_organization_id, UUID):
            default_organization_id = str(self.default_organization_id)
        else:
            default_organization_id = self.default_organization_id

        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.to_dict()
            roles.append(roles_item)

        created_at = self.created_at

        deleted_at: None | str
        deleted_at = self.deleted_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "is_system_admin": is_system_admin,
                "default_organization_id": default_organization_id,
                "roles": roles,
                "created_at": created_at,
                "deleted_at": deleted_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_profile_input_roles_item import UserProfileInputRolesItem

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        is_system_admin = d.pop("is_system_admin")

        def _parse_default_organization_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_organization_id_type_0 = UUID(data)

                return default_organization_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        default_organization_id = _parse_default_organization_id(
            d.pop("default_organization_id")
        )

        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = UserProfileInputRolesItem.from_dict(roles_item_data)

            roles.append(roles_item)

        created_at = d.pop("created_at")

        def _parse_deleted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deleted_at = _parse_deleted_at(d.pop("deleted_at"))

        user_profile_input = cls(
            id=id,
            email=email,
            name=name,
            is_system_admin=is_system_admin,
            default_organization_id=default_organization_id,
            roles=roles,
            created_at=created_at,
            deleted_at=deleted_at,
        )

        user_profile_input.additional_properties = d
        return user_profile_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
