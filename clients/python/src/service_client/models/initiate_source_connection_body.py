from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InitiateSourceConnectionBody")


@_attrs_define
class InitiateSourceConnectionBody:
    """
    Attributes:
        provider (str):
        name (str | Unset):
        redirect_uri (str | Unset):
    """

    provider: str
    name: str | Unset = UNSET
    redirect_uri: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        name = self.name

        redirect_uri = self.redirect_uri

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "provider": provider,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if redirect_uri is not UNSET:
            field_dict["redirect_uri"] = redirect_uri

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider = d.pop("provider")

        name = d.pop("name", UNSET)

        redirect_uri = d.pop("redirect_uri", UNSET)

        initiate_source_connection_body = cls(
            provider=provider,
            name=name,
            redirect_uri=redirect_uri,
        )

        return initiate_source_connection_body
