from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invitation_details_input_role import InvitationDetailsInputRole
from ..models.invitation_details_input_status import InvitationDetailsInputStatus

if TYPE_CHECKING:
    from ..models.invitation_details_input_organization import (
        InvitationDetailsInputOrganization,
    )


T = TypeVar("T", bound="InvitationDetailsInput")


@_attrs_define
class InvitationDetailsInput:
    """
    Attributes:
        id (UUID):
        email (str):
        organization_id (UUID):
        role (InvitationDetailsInputRole):
        status (InvitationDetailsInputStatus):
        expires_at (str):
        created_at (str):
        organization (InvitationDetailsInputOrganization):
    """

    id: UUID
    email: str
    organization_id: UUID
    role: InvitationDetailsInputRole
    status: InvitationDetailsInputStatus
    expires_at: str
    created_at: str
    organization: InvitationDetailsInputOrganization
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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
        from ..models.invitation_details_input_organization import (
            InvitationDetailsInputOrganization,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        organization_id = UUID(d.pop("organization_id"))

        role = InvitationDetailsInputRole(d.pop("role"))

        status = InvitationDetailsInputStatus(d.pop("status"))

        expires_at = d.pop("expires_at")

        created_at = d.pop("created_at")

        organization = InvitationDetailsInputOrganization.from_dict(
            d.pop("organization")
        )

        invitation_details_input = cls(
            id=id,
            email=email,
            organization_id=organization_id,
            role=role,
            status=status,
            expires_at=expires_at,
            created_at=created_at,
            organization=organization,
        )

        invitation_details_input.additional_properties = d
        return invitation_details_input

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
