from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (UUID):
        url (str):
        event_types (list[str]):
        description (None | str):
        enabled (bool):
        disabled_reason (None | str): why the endpoint was disabled (410 Gone, sustained failure, a user)
        disabled_at (None | str):
        failing_since (None | str): first failed attempt since the last success
        created_at (str):
        updated_at (str):
    """

    id: UUID
    url: str
    event_types: list[str]
    description: None | str
    enabled: bool
    disabled_reason: None | str
    disabled_at: None | str
    failing_since: None | str
    created_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        event_types = self.event_types

        description: None | str
        description = self.description

        enabled = self.enabled

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        disabled_at: None | str
        disabled_at = self.disabled_at

        failing_since: None | str
        failing_since = self.failing_since

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "event_types": event_types,
                "description": description,
                "enabled": enabled,
                "disabled_reason": disabled_reason,
                "disabled_at": disabled_at,
                "failing_since": failing_since,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        event_types = cast(list[str], d.pop("event_types"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        enabled = d.pop("enabled")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        def _parse_disabled_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        def _parse_failing_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        webhook = cls(
            id=id,
            url=url,
            event_types=event_types,
            description=description,
            enabled=enabled,
            disabled_reason=disabled_reason,
            disabled_at=disabled_at,
            failing_since=failing_since,
            created_at=created_at,
            updated_at=updated_at,
        )

        return webhook
