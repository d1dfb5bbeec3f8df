from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateSourceAutoSyncBody")


@_attrs_define
class UpdateSourceAutoSyncBody:
    """
    Attributes:
        enabled (bool | Unset):
        interval_minutes (int | Unset):
    """

    enabled: bool | Unset = UNSET
    interval_minutes: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        interval_minutes = self.interval_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if interval_minutes is not UNSET:
            field_dict["interval_minutes"] = interval_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        interval_minutes = d.pop("interval_minutes", UNSET)

        update_source_auto_sync_body = cls(
            enabled=enabled,
            interval_minutes=interval_minutes,
        )

        return update_source_auto_sync_body
