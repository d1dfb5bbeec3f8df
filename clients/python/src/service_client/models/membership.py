from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.membership_role import MembershipRole

T = TypeVar("T", bound="Membership")


@_attrs_define
class Membership:
    """
    Attributes:
        organization_id (UUID):
        user_id (UUID):
        role (MembershipRole):
        created_at (str):
    """

    organization_id: UUID
    user_id: UUID
    role: MembershipRole
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        organization_id = str(self.organization_id)

        user_id = str(self.user_id)

        role = self.role.value

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organization_id": organization_id,
                "user_id": user_id,
                "role": role,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

        user_id = UUID(d.pop("user_id"))

        role = MembershipRole(d.pop("role"))

        created_at = d.pop("created_at")

        membership = cls(
            organization_id=organization_id,
            user_id=user_id,
            role=role,
            created_at=created_at,
        )

        return membership
