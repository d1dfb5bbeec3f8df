from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BenchmarkInputMatchRulesItemConditionsItem")


@_attrs_define
class BenchmarkInputMatchRulesItemConditionsItem:
    """
    Attributes:
        left_field (str):
        right_field (str):
        match_type (str):
    """

    left_field: str
    right_field: str
    match_type: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        left_field = self.left_field

        right_field = self.right_field

        match_type = self.match_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        benchmark_input_match_rules_item_conditions_item = cls(
            left_field=left_field,
            right_field=right_field,
            match_type=match_type,
        )

        benchmark_input_match_rules_item_conditions_item.additional_properties = d
        return benchmark_input_match_rules_item_conditions_item

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
