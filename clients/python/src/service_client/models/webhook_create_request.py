from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_create_request_event_types_item import (
    WebhookCreateRequestEventTypesItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreateRequest")


@_attrs_define
class WebhookCreateRequest:
    """
    Attributes:
        url (str): where events are POSTed; https recommended. Private and loopback addresses are refused unless
            allowed. No user name or password in it: requests are authenticated by their signature
        event_types (list[WebhookCreateRequestEventTypesItem]): event types to receive (api-decisions §4), or ["*"] for
            all: document.received, document.classified, document.extracted, document.failed, contract.created,
            contract.updated, contract.renewal_upcoming, benchmark.computed, benchmark.flagged, alert.created,
            alert.updated, source.sync_completed, source.requires_reauthorization
        description (None | str | Unset): a note for people, at most 500 characters
    """

    url: str
    event_types: list[WebhookCreateRequestEventTypesItem]
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item = event_types_item_data.value
            event_types.append(event_types_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "event_types": event_types,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        event_types = []
        _event_types = d.pop("event_types")
        for event_types_item_data in _event_types:
            event_types_item = WebhookCreateRequestEventTypesItem(event_types_item_data)

            event_types.append(event_types_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        webhook_create_request = cls(
            url=url,
            event_types=event_types,
            description=description,
        )

        return webhook_create_request
