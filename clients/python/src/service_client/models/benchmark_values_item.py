from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.benchmark_values_item_group import BenchmarkValuesItemGroup


T = TypeVar("T", bound="BenchmarkValuesItem")


@_attrs_define
class BenchmarkValuesItem:
    """
    Attributes:
        group (BenchmarkValuesItemGroup): {group_by field: value}; {} without group_by
        value (float): compute() of the group
        documents (int):
        flagged (int):
    """

    group: BenchmarkValuesItemGroup
    value: float
    documents: int
    flagged: int

    def to_dict(self) -> dict[str, Any]:
        group = self.group.to_dict()

        value = self.value

        documents = self.documents

        flagged = self.flagged

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "group": group,
                "value": value,
                "documents": documents,
                "flagged": flagged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.benchmark_values_item_group import BenchmarkValuesItemGroup

        d = dict(src_dict)
        group = BenchmarkValuesItemGroup.from_dict(d.pop("group"))

        value = d.pop("value")

        documents = d.pop("documents")

        flagged = d.pop("flagged")

        benchmark_values_item = cls(
            group=group,
            value=value,
            documents=documents,
            flagged=flagged,
        )

        return benchmark_values_item
