from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.webhook_delivery_status import WebhookDeliveryStatus

if TYPE_CHECKING:
    from ..models.webhook_delivery_attempt import WebhookDeliveryAttempt


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (UUID):
        webhook_id (UUID):
        event_id (UUID):
        event_type (str):
        status (WebhookDeliveryStatus):
        attempt_count (int):
        next_attempt_at (None | str): when the next attempt is due (PENDING only)
        last_attempt_at (None | str):
        created_at (str):
        attempts (list[WebhookDeliveryAttempt]): oldest first
    """

    id: UUID
    webhook_id: UUID
    event_id: UUID
    event_type: str
    status: WebhookDeliveryStatus
    attempt_count: int
    next_attempt_at: None | str
    last_attempt_at: None | str
    created_at: str
    attempts: list[WebhookDeliveryAttempt]

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        webhook_id = str(self.webhook_id)

        event_id = str(self.event_id)

        event_type = self.event_type

        status = self.status.value

        attempt_count = self.attempt_count

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        last_attempt_at: None | str
        last_attempt_at = self.last_attempt_at

        created_at = self.created_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event_id": event_id,
                "event_type": event_type,
                "status": status,
                "attempt_count": attempt_count,
                "next_attempt_at": next_attempt_at,
                "last_attempt_at": last_attempt_at,
                "created_at": created_at,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery_attempt import WebhookDeliveryAttempt

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        webhook_id = UUID(d.pop("webhook_id"))

        event_id = UUID(d.pop("event_id"))

        event_type = d.pop("event_type")

        status = WebhookDeliveryStatus(d.pop("status"))

        attempt_count = d.pop("attempt_count")

        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_last_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        created_at = d.pop("created_at")

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = WebhookDeliveryAttempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        webhook_delivery = cls(
            id=id,
            webhook_id=webhook_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempt_count=attempt_count,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            created_at=created_at,
            attempts=attempts,
        )

        return webhook_delivery
