from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.organization_identity_kind import OrganizationIdentityKind

T = TypeVar("T", bound="OrganizationIdentity")


@_attrs_define
class OrganizationIdentity:
    """
    Attributes:
        id (UUID):
        organization_id (UUID):
        kind (OrganizationIdentityKind):
        value (str):
        primary (bool):
        created_at (str):
    """

    id: UUID
    organization_id: UUID
    kind: OrganizationIdentityKind
    value: str
    primary: bool
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization_id = str(self.organization_id)

        kind = self.kind.value

        value = self.value

        primary = self.primary

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "organization_id": organization_id,
                "kind": kind,
                "value": value,
                "primary": primary,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        organization_id = UUID(d.pop("organization_id"))

        kind = OrganizationIdentityKind(d.pop("kind"))

        value = d.pop("value")

        primary = d.pop("primary")

        created_at = d.pop("created_at")

        organization_identity = cls(
            id=id,
            organization_id=organization_id,
            kind=kind,
            value=value,
            primary=primary,
            created_at=created_at,
        )

        return organization_identity
