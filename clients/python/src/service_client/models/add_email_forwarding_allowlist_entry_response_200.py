from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="AddEmailForwardingAllowlistEntryResponse200")


@_attrs_define
class AddEmailForwardingAllowlistEntryResponse200:
    """
    Attributes:
        id (UUID):
        pattern (str):
        note (None | str):
        created_at (str): ISO 8601 UTC timestamp
        updated_at (str): ISO 8601 UTC timestamp
    """

    id: UUID
    pattern: str
    note: None | str
    created_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        pattern = self.pattern

        note: None | str
        note = self.note

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "pattern": pattern,
                "note": note,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        pattern = d.pop("pattern")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        add_email_forwarding_allowlist_entry_response_200 = cls(
            id=id,
            pattern=pattern,
            note=note,
            created_at=created_at,
            updated_at=updated_at,
        )

        return add_email_forwarding_allowlist_entry_response_200
