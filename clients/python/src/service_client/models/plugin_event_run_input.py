from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plugin_event_run_input_status import PluginEventRunInputStatus

if TYPE_CHECKING:
    from ..models.plugin_event_run_attempt_input import PluginEventRunAttemptInput


T = TypeVar("T", bound="PluginEventRunInput")


@_attrs_define
class PluginEventRunInput:
    """
    Attributes:
        id (UUID): UUID of the delivery of the event to the plugin
        event_id (UUID):
        event_type (str):
        plugin_version (int | None): the plugin version whose handlers run
        status (PluginEventRunInputStatus): PENDING while a retry is due
        attempt_count (int):
        next_attempt_at (None | str): when the next attempt is due (PENDING only)
        last_attempt_at (None | str):
        created_at (str): ISO 8601 UTC timestamp
        attempts (list[PluginEventRunAttemptInput]): oldest first
    """

    id: UUID
    event_id: UUID
    event_type: str
    plugin_version: int | None
    status: PluginEventRunInputStatus
    attempt_count: int
    next_attempt_at: None | str
    last_attempt_at: None | str
    created_at: str
    attempts: list[PluginEventRunAttemptInput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        event_id = str(self.event_id)

        event_type = self.event_type

        plugin_version: int | None
        plugin_version = self.plugin_version

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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event_id": event_id,
                "event_type": event_type,
                "plugin_version": plugin_version,
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
        from ..models.plugin_event_run_attempt_input import PluginEventRunAttemptInput

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        event_id = UUID(d.pop("event_id"))

        event_type = d.pop("event_type")

        def _parse_plugin_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        plugin_version = _parse_plugin_version(d.pop("plugin_version"))

        status = PluginEventRunInputStatus(d.pop("status"))

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
            attempts_item = PluginEventRunAttemptInput.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        plugin_event_run_input = cls(
            id=id,
            event_id=event_id,
            event_type=event_type,
            plugin_version=plugin_version,
            status=status,
            attempt_count=attempt_count,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            created_at=created_at,
            attempts=attempts,
        )

        plugin_event_run_input.additional_properties = d
        return plugin_event_run_input

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
