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

T = TypeVar("T", bound="WebhookRetryAccepted")


@_attrs_define
class WebhookRetryAccepted:
    """
    Attributes:
        id (UUID):
        status (Literal['PENDING']):
        next_attempt_at (str):
    """

    id: UUID
    status: Literal["PENDING"]
    next_attempt_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status

        next_attempt_at = self.next_attempt_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "next_attempt_at": next_attempt_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = cast(Literal["PENDING"], d.pop("status"))
        if status != "PENDING":
            raise ValueError(f"status must match const 'PENDING', got '{status}'")

        next_attempt_at = d.pop("next_attempt_at")

        webhook_retry_accepted = cls(
            id=id,
            status=status,
            next_attempt_at=next_attempt_at,
        )

        return webhook_retry_accepted
