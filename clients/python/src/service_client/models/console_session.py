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

T = TypeVar("T", bound="ConsoleSession")


@_attrs_define
class ConsoleSession:
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

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        token = self.token

        token_type = self.token_type

        expires_at = self.expires_at

        max_expires_at = self.max_expires_at

        field_dict: dict[str, Any] = {}

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

        console_session = cls(
            id=id,
            token=token,
            token_type=token_type,
            expires_at=expires_at,
            max_expires_at=max_expires_at,
        )

        return console_session
