from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.user_profile_roles_item_role import UserProfileRolesItemRole

T = TypeVar("T", bound="UserProfileRolesItem")


@_attrs_define
class UserProfileRolesItem:
    """
    Attributes:
        organization_id (None | UUID): null for the platform-wide SYSTEM_ADMIN role
        role (UserProfileRolesItemRole):
    """

    organization_id: None | UUID
    role: UserProfileRolesItemRole

    def to_dict(self) -> dict[str, Any]:
        organization_id: None | str
        if isinstance(self.organization_id, UUID):
            organization_id = str(self.organization_id)
        else:
            organization_id = self.organization_id

        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organization_id": organization_id,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_organization_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                organization_id_type_0 = UUID(data)

                return organization_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))

        role = UserProfileRolesItemRole(d.pop("role"))

        user_profile_roles_item = cls(
            organization_id=organization_id,
            role=role,
        )

        return user_profile_roles_item
