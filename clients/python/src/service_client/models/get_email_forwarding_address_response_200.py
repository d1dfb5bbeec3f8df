from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetEmailForwardingAddressResponse200")


@_attrs_define
class GetEmailForwardingAddressResponse200:
    """
    Attributes:
        address (str):
        enabled (bool):
        source_id (UUID):
    """

    address: str
    enabled: bool
    source_id: UUID

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        enabled = self.enabled

        source_id = str(self.source_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "enabled": enabled,
                "source_id": source_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        address = d.pop("address")

        enabled = d.pop("enabled")

        source_id = UUID(d.pop("source_id"))

        get_email_forwarding_address_response_200 = cls(
            address=address,
            enabled=enabled,
            source_id=source_id,
        )

        return get_email_forwarding_address_response_200
