from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReconnectSourceResponse200")


@_attrs_define
class ReconnectSourceResponse200:
    """
    Attributes:
        authorization_url (str):
        state (str):
    """

    authorization_url: str
    state: str

    def to_dict(self) -> dict[str, Any]:
        authorization_url = self.authorization_url

        state = self.state

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "authorization_url": authorization_url,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authorization_url = d.pop("authorization_url")

        state = d.pop("state")

        reconnect_source_response_200 = cls(
            authorization_url=authorization_url,
            state=state,
        )

        return reconnect_source_response_200
