from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.benchmark_input_values_item_group import BenchmarkInputValuesItemGroup


T = TypeVar("T", bound="BenchmarkInputValuesItem")


@_attrs_define
class BenchmarkInputValuesItem:
    """
    Attributes:
        group (BenchmarkInputValuesItemGroup): {group_by field: value}; {} without group_by
        value (float): compute() of the group
        documents (int):
        flagged (int):
    """

    group: BenchmarkInputValuesItemGroup
    value: float
    documents: int
    flagged: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        group = self.group.to_dict()

        value = self.value

        documents = self.documents

        flagged = self.flagged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.benchmark_input_values_item_group import (
            BenchmarkInputValuesItemGroup,
        )

        d = dict(src_dict)
        group = BenchmarkInputValuesItemGroup.from_dict(d.pop("group"))

        value = d.pop("value")

        documents = d.pop("documents")

        flagged = d.pop("flagged")

        benchmark_input_values_item = cls(
            group=group,
            value=value,
            documents=documents,
            flagged=flagged,
        )

        benchmark_input_values_item.additional_properties = d
        return benchmark_input_values_item

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
