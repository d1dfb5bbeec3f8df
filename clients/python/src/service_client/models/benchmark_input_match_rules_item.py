from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.benchmark_input_match_rules_item_conditions_item import (
        BenchmarkInputMatchRulesItemConditionsItem,
    )


T = TypeVar("T", bound="BenchmarkInputMatchRulesItem")


@_attrs_define
class BenchmarkInputMatchRulesItem:
    """
    Attributes:
        name (str):
        left_group (list[str]):
        right_group (list[str]):
        conditions (list[BenchmarkInputMatchRulesItemConditionsItem]):
    """

    name: str
    left_group: list[str]
    right_group: list[str]
    conditions: list[BenchmarkInputMatchRulesItemConditionsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        left_group = self.left_group

        right_group = self.right_group

        conditions = []
        for conditions_item_data in self.conditions:
            conditions_item = conditions_item_data.to_dict()
            conditions.append(conditions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "left_group": left_group,
                "right_group": right_group,
                "conditions": conditions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.benchmark_input_match_rules_item_conditions_item import (
            BenchmarkInputMatchRulesItemConditionsItem,
        )

        d = dict(src_dict)
        name = d.pop("name")

        left_group = cast(list[str], d.pop("left_group"))

        right_group = cast(list[str], d.pop("right_group"))

        conditions = []
        _conditions = d.pop("conditions")
        for conditions_item_data in _conditions:
            conditions_item = BenchmarkInputMatchRulesItemConditionsItem.from_dict(
                conditions_item_data
            )

            conditions.append(conditions_item)

        benchmark_input_match_rules_item = cls(
            name=name,
            left_group=left_group,
            right_group=right_group,
            conditions=conditions,
        )

        benchmark_input_match_rules_item.additional_properties = d
        return benchmark_input_match_rules_item

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
