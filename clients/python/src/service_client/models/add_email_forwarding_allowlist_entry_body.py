from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AddEmailForwardingAllowlistEntryBody")


@_attrs_define
class AddEmailForwardingAllowlistEntryBody:
    """
    Attributes:
        pattern (str): an address (alice@example.com) or a domain (@example.com)
        note (None | str | Unset):
    """

    pattern: str
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pattern = self.pattern

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pattern": pattern,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pattern = d.pop("pattern")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        add_email_forwarding_allowlist_entry_body = cls(
            pattern=pattern,
            note=note,
        )

        return add_email_forwarding_allowlist_entry_body
