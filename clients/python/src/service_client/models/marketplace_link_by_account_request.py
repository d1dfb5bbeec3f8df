from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MarketplaceLinkByAccountRequest")


@_attrs_define
class MarketplaceLinkByAccountRequest:
    """
    Attributes:
        account_id (str):
    """

    account_id: str

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        marketplace_link_by_account_request = cls(
            account_id=account_id,
        )

        return marketplace_link_by_account_request
