from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.benchmark_match_rules_item_conditions_item import (
        BenchmarkMatchRulesItemConditionsItem,
    )


T = TypeVar("T", bound="BenchmarkMatchRulesItem")


@_attrs_define
class BenchmarkMatchRulesItem:
    """
    Attributes:
        name (str):
        left_group (list[str]):
        right_group (list[str]):
        conditions (list[BenchmarkMatchRulesItemConditionsItem]):
    """

    name: str
    left_group: list[str]
    right_group: list[str]
    conditions: list[BenchmarkMatchRulesItemConditionsItem]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        left_group = self.left_group

        right_group = self.right_group

        conditions = []
        for conditions_item_data in self.conditions:
            conditions_item = conditions_item_data.to_dict()
            conditions.append(conditions_item)

        field_dict: dict[str, Any] = {}

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
        from ..models.benchmark_match_rules_item_conditions_item import (
            BenchmarkMatchRulesItemConditionsItem,
        )

        d = dict(src_dict)
        name = d.pop("name")

        left_group = cast(list[str], d.pop("left_group"))

        right_group = cast(list[str], d.pop("right_group"))

        conditions = []
        _conditions = d.pop("conditions")
        for conditions_item_data in _conditions:
            conditions_item = BenchmarkMatchRulesItemConditionsItem.from_dict(
                conditions_item_data
            )

            conditions.append(conditions_item)

        benchmark_match_rules_item = cls(
            name=name,
            left_group=left_group,
            right_group=right_group,
            conditions=conditions,
        )

        return benchmark_match_rules_item
