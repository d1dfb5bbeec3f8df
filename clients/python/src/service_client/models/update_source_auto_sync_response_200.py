from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateSourceAutoSyncResponse200")


@_attrs_define
class UpdateSourceAutoSyncResponse200:
    """
    Attributes:
        enabled (bool):
        interval_minutes (int):
        next_check_at (None | str):
    """

    enabled: bool
    interval_minutes: int
    next_check_at: None | str

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        interval_minutes = self.interval_minutes

        next_check_at: None | str
        next_check_at = self.next_check_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "enabled": enabled,
                "interval_minutes": interval_minutes,
                "next_check_at": next_check_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        interval_minutes = d.pop("interval_minutes")

        def _parse_next_check_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_check_at = _parse_next_check_at(d.pop("next_check_at"))

        update_source_auto_sync_response_200 = cls(
            enabled=enabled,
            interval_minutes=interval_minutes,
            next_check_at=next_check_at,
        )

        return update_source_auto_sync_response_200
