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
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookRetryAcceptedInput")


@_attrs_define
class WebhookRetryAcceptedInput:
    """
    Attributes:
        id (UUID):
        status (Literal['PENDING']):
        next_attempt_at (str):
    """

    id: UUID
    status: Literal["PENDING"]
    next_attempt_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status

        next_attempt_at = self.next_attempt_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        webhook_retry_accepted_input = cls(
            id=id,
            status=status,
            next_attempt_at=next_attempt_at,
        )

        webhook_retry_accepted_input.additional_properties = d
        return webhook_retry_accepted_input

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
