from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MarketplaceLinkRequestInput")


@_attrs_define
class MarketplaceLinkRequestInput:
    """
    Attributes:
        entitlement_id (str):
    """

    entitlement_id: str

    def to_dict(self) -> dict[str, Any]:
        entitlement_id = self.entitlement_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entitlement_id": entitlement_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entitlement_id = d.pop("entitlement_id")

        marketplace_link_request_input = cls(
            entitlement_id=entitlement_id,
        )

        return marketplace_link_request_input
