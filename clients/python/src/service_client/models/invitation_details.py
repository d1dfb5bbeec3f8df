from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.invitation_details_role import InvitationDetailsRole
from ..models.invitation_details_status import InvitationDetailsStatus

if TYPE_CHECKING:
    from ..models.invitation_details_organization import InvitationDetailsOrganization


T = TypeVar("T", bound="InvitationDetails")


@_attrs_define
class InvitationDetails:
    """
    Attributes:
        id (UUID):
        email (str):
        organization_id (UUID):
        role (InvitationDetailsRole):
        status (InvitationDetailsStatus):
        expires_at (str):
        created_at (str):
        organization (InvitationDetailsOrganization):
    """

    id: UUID
    email: str
    organization_id: UUID
    role: InvitationDetailsRole
    status: InvitationDetailsStatus
    expires_at: str
    created_at: str
    organization: InvitationDetailsOrganization

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        organization_id = str(self.organization_id)

        role = self.role.value

        status = self.status.value

        expires_at = self.expires_at

        created_at = self.created_at

        organization = self.organization.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "organization_id": organization_id,
                "role": role,
                "status": status,
                "expires_at": expires_at,
                "created_at": created_at,
                "organization": organization,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invitation_details_organization import (
            InvitationDetailsOrganization,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        organization_id = UUID(d.pop("organization_id"))

        role = InvitationDetailsRole(d.pop("role"))

        status = InvitationDetailsStatus(d.pop("status"))

        expires_at = d.pop("expires_at")

        created_at = d.pop("created_at")

        organization = InvitationDetailsOrganization.from_dict(d.pop("organization"))

        invitation_details = cls(
            id=id,
            email=email,
            organization_id=organization_id,
            role=role,
            status=status,
            expires_at=expires_at,
            created_at=created_at,
            organization=organization,
        )

        return invitation_details
