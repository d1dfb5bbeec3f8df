from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PluginEventRunAttemptInput")


@_attrs_define
class PluginEventRunAttemptInput:
    """
    Attributes:
        at (str): ISO 8601 UTC timestamp
        result (Any): what handle_event answered, `{"handled": [method names]}`; the stored text when it is not valid
            JSON (truncated to 2 KB); null when the attempt failed
        error (None | str): `<error_type>: <message>` of a failed run, e.g. PluginException
        logs (None | str): `level: message` lines the handlers logged, at most 8 KB
        duration_ms (int):
    """

    at: str
    result: Any
    error: None | str
    logs: None | str
    duration_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        result = self.result

        error: None | str
        error = self.error

        logs: None | str
        logs = self.logs

        duration_ms = self.duration_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "result": result,
                "error": error,
                "logs": logs,
                "duration_ms": duration_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = d.pop("at")

        result = d.pop("result")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_logs(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logs = _parse_logs(d.pop("logs"))

        duration_ms = d.pop("duration_ms")

        plugin_event_run_attempt_input = cls(
            at=at,
            result=result,
            error=error,
            logs=logs,
            duration_ms=duration_ms,
        )

        plugin_event_run_attempt_input.additional_properties = d
        return plugin_event_run_attempt_input

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
