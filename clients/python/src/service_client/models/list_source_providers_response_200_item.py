from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_source_providers_response_200_item_kind import (
    ListSourceProvidersResponse200ItemKind,
)

T = TypeVar("T", bound="ListSourceProvidersResponse200Item")


@_attrs_define
class ListSourceProvidersResponse200Item:
    """
    Attributes:
        provider (str):
        name (str):
        kind (ListSourceProvidersResponse200ItemKind):
        scopes (list[str]):
    """

    provider: str
    name: str
    kind: ListSourceProvidersResponse200ItemKind
    scopes: list[str]

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        name = self.name

        kind = self.kind.value

        scopes = self.scopes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "provider": provider,
                "name": name,
                "kind": kind,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider = d.pop("provider")

        name = d.pop("name")

        kind = ListSourceProvidersResponse200ItemKind(d.pop("kind"))

        scopes = cast(list[str], d.pop("scopes"))

        list_source_providers_response_200_item = cls(
            provider=provider,
            name=name,
            kind=kind,
            scopes=scopes,
        )

        return list_source_providers_response_200_item
