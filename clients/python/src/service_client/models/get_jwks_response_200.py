from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_jwks_response_200_keys_item import GetJwksResponse200KeysItem


T = TypeVar("T", bound="GetJwksResponse200")


@_attrs_define
class GetJwksResponse200:
    """
    Attributes:
        keys (list[GetJwksResponse200KeysItem]):
    """

    keys: list[GetJwksResponse200KeysItem]

    def to_dict(self) -> dict[str, Any]:
        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_jwks_response_200_keys_item import GetJwksResponse200KeysItem

        d = dict(src_dict)
        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = GetJwksResponse200KeysItem.from_dict(keys_item_data)

            keys.append(keys_item)

        get_jwks_response_200 = cls(
            keys=keys,
        )

        return get_jwks_response_200
