from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookDeliveryAttempt")


@_attrs_define
class WebhookDeliveryAttempt:
    """
    Attributes:
        at (str):
        response_status (int | None): HTTP status, null when no response arrived
        response_body (None | str): the response body, truncated to 2 KB
        error (None | str): network error, time-out or SSRF refusal
        duration_ms (int):
    """

    at: str
    response_status: int | None
    response_body: None | str
    error: None | str
    duration_ms: int

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        response_status: int | None
        response_status = self.response_status

        response_body: None | str
        response_body = self.response_body

        error: None | str
        error = self.error

        duration_ms = self.duration_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "response_status": response_status,
                "response_body": response_body,
                "error": error,
                "duration_ms": duration_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = d.pop("at")

        def _parse_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_status = _parse_response_status(d.pop("response_status"))

        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("response_body"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        duration_ms = d.pop("duration_ms")

        webhook_delivery_attempt = cls(
            at=at,
            response_status=response_status,
            response_body=response_body,
            error=error,
            duration_ms=duration_ms,
        )

        return webhook_delivery_attempt
