from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.public_jwk import PublicJwk


T = TypeVar("T", bound="Jwks")


@_attrs_define
class Jwks:
    """
    Attributes:
        keys (list[PublicJwk]):
    """

    keys: list[PublicJwk]

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
        from ..models.public_jwk import PublicJwk

        d = dict(src_dict)
        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = PublicJwk.from_dict(keys_item_data)

            keys.append(keys_item)

        jwks = cls(
            keys=keys,
        )

        return jwks
