from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.organization_identity_update_request_kind import (
    OrganizationIdentityUpdateRequestKind,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="OrganizationIdentityUpdateRequest")


@_attrs_define
class OrganizationIdentityUpdateRequest:
    """
    Attributes:
        kind (OrganizationIdentityUpdateRequestKind | Unset):
        value (str | Unset):
        primary (bool | Unset):
    """

    kind: OrganizationIdentityUpdateRequestKind | Unset = UNSET
    value: str | Unset = UNSET
    primary: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        value = self.value

        primary = self.primary

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if value is not UNSET:
            field_dict["value"] = value
        if primary is not UNSET:
            field_dict["primary"] = primary

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _kind = d.pop("kind", UNSET)
        kind: OrganizationIdentityUpdateRequestKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = OrganizationIdentityUpdateRequestKind(_kind)

        value = d.pop("value", UNSET)

        primary = d.pop("primary", UNSET)

        organization_identity_update_request = cls(
            kind=kind,
            value=value,
            primary=primary,
        )

        return organization_identity_update_request
