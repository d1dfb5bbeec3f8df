from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.organization_identity_create_request_kind import (
    OrganizationIdentityCreateRequestKind,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="OrganizationIdentityCreateRequest")


@_attrs_define
class OrganizationIdentityCreateRequest:
    """
    Attributes:
        kind (OrganizationIdentityCreateRequestKind):
        value (str):
        primary (bool | Unset):
    """

    kind: OrganizationIdentityCreateRequestKind
    value: str
    primary: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        value = self.value

        primary = self.primary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "value": value,
            }
        )
        if primary is not UNSET:
            field_dict["primary"] = primary

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = OrganizationIdentityCreateRequestKind(d.pop("kind"))

        value = d.pop("value")

        primary = d.pop("primary", UNSET)

        organization_identity_create_request = cls(
            kind=kind,
            value=value,
            primary=primary,
        )

        return organization_identity_create_request
