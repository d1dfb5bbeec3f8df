from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PluginAttributesMatchRulesItemConditionsItem")


@_attrs_define
class PluginAttributesMatchRulesItemConditionsItem:
    """
    Attributes:
        left_field (str):
        right_field (str):
        match_type (str):
    """

    left_field: str
    right_field: str
    match_type: str

    def to_dict(self) -> dict[str, Any]:
        left_field = self.left_field

        right_field = self.right_field

        match_type = self.match_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "left_field": left_field,
                "right_field": right_field,
                "match_type": match_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        left_field = d.pop("left_field")

        right_field = d.pop("right_field")

        match_type = d.pop("match_type")

        plugin_attributes_match_rules_item_conditions_item = cls(
            left_field=left_field,
            right_field=right_field,
            match_type=match_type,
        )

        return plugin_attributes_match_rules_item_conditions_item
