from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.organization_identity_input_kind import OrganizationIdentityInputKind

T = TypeVar("T", bound="OrganizationIdentityInput")


@_attrs_define
class OrganizationIdentityInput:
    """
    Attributes:
        id (UUID):
        organization_id (UUID):
        kind (OrganizationIdentityInputKind):
        value (str):
        primary (bool):
        created_at (str):
    """

    id: UUID
    organization_id: UUID
    kind: OrganizationIdentityInputKind
    value: str
    primary: bool
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization_id = str(self.organization_id)

        kind = self.kind.value

        value = self.value

        primary = self.primary

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        kind = OrganizationIdentityInputKind(d.pop("kind"))

        value = d.pop("value")

        primary = d.pop("primary")

        created_at = d.pop("created_at")

        organization_identity_input = cls(
            id=id,
            organization_id=organization_id,
            kind=kind,
            value=value,
            primary=primary,
            created_at=created_at,
        )

        organization_identity_input.additional_properties = d
        return organization_identity_input

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
