from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReconnectRequest")


@_attrs_define
class ReconnectRequest:
    """
    Attributes:
        redirect_uri (str | Unset):
    """

    redirect_uri: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        redirect_uri = self.redirect_uri

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if redirect_uri is not UNSET:
            field_dict["redirect_uri"] = redirect_uri

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        redirect_uri = d.pop("redirect_uri", UNSET)

        reconnect_request = cls(
            redirect_uri=redirect_uri,
        )

        return reconnect_request
