from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConsoleSessionInput")


@_attrs_define
class ConsoleSessionInput:
    """
    Attributes:
        id (UUID):
        token (str): The session's bearer token (`dcs_…`), shown once: send it as `Authorization: Bearer <token>`. The
            web console keeps it in the tab's sessionStorage
        token_type (Literal['Bearer']):
        expires_at (str): When the session ends unless used: each request in the second half of the idle window moves it
            on
        max_expires_at (str): When the session ends however much it is used (never after the credential it was opened
            with)
    """

    id: UUID
    token: str
    token_type: Literal["Bearer"]
    expires_at: str
    max_expires_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        token = self.token

        token_type = self.token_type

        expires_at = self.expires_at

        max_expires_at = self.max_expires_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "token": token,
                "token_type": token_type,
                "expires_at": expires_at,
                "max_expires_at": max_expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        token = d.pop("token")

        token_type = cast(Literal["Bearer"], d.pop("token_type"))
        if token_type != "Bearer":
            raise ValueError(
                f"token_type must match const 'Bearer', got '{token_type}'"
            )

        expires_at = d.pop("expires_at")

        max_expires_at = d.pop("max_expires_at")

        console_session_input = cls(
            id=id,
            token=token,
            token_type=token_type,
            expires_at=expires_at,
            max_expires_at=max_expires_at,
        )

        console_session_input.additional_properties = d
        return console_session_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
