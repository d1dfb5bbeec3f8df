from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_invitation_request_role import CreateInvitationRequestRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInvitationRequest")


@_attrs_define
class CreateInvitationRequest:
    """
    Attributes:
        email (Any):
        role (CreateInvitationRequestRole):  Default: CreateInvitationRequestRole.MEMBER.
        organization_id (UUID | Unset): default: the active organization
    """

    email: Any
    role: CreateInvitationRequestRole = CreateInvitationRequestRole.MEMBER
    organization_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role = self.role.value

        organization_id: str | Unset = UNSET
        if not isinstance(self.organization_id, Unset):
            organization_id = str(self.organization_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "role": role,
            }
        )
        if organization_id is not UNSET:
            field_dict["organization_id"] = organization_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        role = CreateInvitationRequestRole(d.pop("role"))

        _organization_id = d.pop("organization_id", UNSET)
        organization_id: UUID | Unset
        if isinstance(_organization_id, Unset):
            organization_id = UNSET
        else:
            organization_id = UUID(_organization_id)

        create_invitation_request = cls(
            email=email,
            role=role,
            organization_id=organization_id,
        )

        return create_invitation_request
