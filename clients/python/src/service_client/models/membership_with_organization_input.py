from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.membership_with_organization_input_role import (
    MembershipWithOrganizationInputRole,
)

if TYPE_CHECKING:
    from ..models.organization_input import OrganizationInput


T = TypeVar("T", bound="MembershipWithOrganizationInput")


@_attrs_define
class MembershipWithOrganizationInput:
    """
    Attributes:
        organization_id (UUID):
        user_id (UUID):
        role (MembershipWithOrganizationInputRole):
        created_at (str):
        organization (OrganizationInput):
    """

    organization_id: UUID
    user_id: UUID
    role: MembershipWithOrganizationInputRole
    created_at: str
    organization: OrganizationInput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        organization_id = str(self.organization_id)

        user_id = str(self.user_id)

        role = self.role.value

        created_at = self.created_at

        organization = self.organization.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.organization_input import OrganizationInput

        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

        user_id = UUID(d.pop("user_id"))

        role = MembershipWithOrganizationInputRole(d.pop("role"))

        created_at = d.pop("created_at")

        organization = OrganizationInput.from_dict(d.pop("organization"))

        membership_with_organization_input = cls(
            organization_id=organization_id,
            user_id=user_id,
            role=role,
            created_at=created_at,
            organization=organization,
        )

        membership_with_organization_input.additional_properties = d
        return membership_with_organization_input

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
