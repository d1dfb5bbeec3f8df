from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user_profile_roles_item import UserProfileRolesItem


T = TypeVar("T", bound="UserProfile")


@_attrs_define
class UserProfile:
    """
    Attributes:
        id (UUID):
        email (str):
        name (None | str):
        is_system_admin (bool):
        default_organization_id (None | UUID):
        roles (list[UserProfileRolesItem]):
        created_at (str):
        deleted_at (None | str):
    """

    id: UUID
    email: str
    name: None | str
    is_system_admin: bool
    default_organization_id: None | UUID
    roles: list[UserProfileRolesItem]
    created_at: str
    deleted_at: None | str

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
        from ..models.user_profile_roles_item import UserProfileRolesItem

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
            roles_item = UserProfileRolesItem.from_dict(roles_item_data)

            roles.append(roles_item)

        created_at = d.pop("created_at")

        def _parse_deleted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deleted_at = _parse_deleted_at(d.pop("deleted_at"))

        user_profile = cls(
            id=id,
            email=email,
            name=name,
            is_system_admin=is_system_admin,
            default_organization_id=default_organization_id,
            roles=roles,
            created_at=created_at,
            deleted_at=deleted_at,
        )

        return user_profile
