from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SourceConfigs")


@_attrs_define
class SourceConfigs:
    """
    Attributes:
        ignore_patterns (list[str] | Unset): glob patterns of files the sync skips (not downloaded, no document),
            matched case-sensitively against the path relative to the source ("folder/name"); a pattern without "/" matches
            the name in any folder (docs/sources.md "Ignoring files")
        ignore_defaults (bool | Unset): false: do not also skip operating-system and editor junk (.DS_Store, Thumbs.db,
            ~$ lock files, ...); default true
    """

    ignore_patterns: list[str] | Unset = UNSET
    ignore_defaults: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ignore_patterns: list[str] | Unset = UNSET
        if not isinstance(self.ignore_patterns, Unset):
            ignore_patterns = self.ignore_patterns

        ignore_defaults = self.ignore_defaults

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if ignore_patterns is not UNSET:
            field_dict["ignore_patterns"] = ignore_patterns
        if ignore_defaults is not UNSET:
            field_dict["ignore_defaults"] = ignore_defaults

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ignore_patterns = cast(list[str], d.pop("ignore_patterns", UNSET))

        ignore_defaults = d.pop("ignore_defaults", UNSET)

        source_configs = cls(
            ignore_patterns=ignore_patterns,
            ignore_defaults=ignore_defaults,
        )

        source_configs.additional_properties = d
        return source_configs

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
