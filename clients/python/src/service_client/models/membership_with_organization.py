from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.membership_with_organization_role import MembershipWithOrganizationRole

if TYPE_CHECKING:
    from ..models.organization import Organization


T = TypeVar("T", bound="MembershipWithOrganization")


@_attrs_define
class MembershipWithOrganization:
    """
    Attributes:
        organization_id (UUID):
        user_id (UUID):
        role (MembershipWithOrganizationRole):
        created_at (str):
        organization (Organization):
    """

    organization_id: UUID
    user_id: UUID
    role: MembershipWithOrganizationRole
    created_at: str
    organization: Organization

    def to_dict(self) -> dict[str, Any]:
        organization_id = str(self.organization_id)

        user_id = str(self.user_id)

        role = self.role.value

        created_at = self.created_at

        organization = self.organization.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organization_id": organization_id,
                "user_id": user_id,
                "role": role,
                "created_at": created_at,
                "organization": organization,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.organization import Organization

        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

        user_id = UUID(d.pop("user_id"))

        role = MembershipWithOrganizationRole(d.pop("role"))

        created_at = d.pop("created_at")

        organization = Organization.from_dict(d.pop("organization"))

        membership_with_organization = cls(
            organization_id=organization_id,
            user_id=user_id,
            role=role,
            created_at=created_at,
            organization=organization,
        )

        return membership_with_organization
