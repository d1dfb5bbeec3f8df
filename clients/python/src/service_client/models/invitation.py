from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.invitation_role import InvitationRole
from ..models.invitation_status import InvitationStatus

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        id (UUID):
        email (str):
        organization_id (UUID):
        role (InvitationRole):
        status (InvitationStatus):
        expires_at (str):
        created_at (str):
    """

    id: UUID
    email: str
    organization_id: UUID
    role: InvitationRole
    status: InvitationStatus
    expires_at: str
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        organization_id = str(self.organization_id)

        role = self.role.value

        status = self.status.value

        expires_at = self.expires_at

        created_at = self.created_at

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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        organization_id = UUID(d.pop("organization_id"))

        role = InvitationRole(d.pop("role"))

        status = InvitationStatus(d.pop("status"))

        expires_at = d.pop("expires_at")

        created_at = d.pop("created_at")

        invitation = cls(
            id=id,
            email=email,
            organization_id=organization_id,
            role=role,
            status=status,
            expires_at=expires_at,
            created_at=created_at,
        )

        return invitation
