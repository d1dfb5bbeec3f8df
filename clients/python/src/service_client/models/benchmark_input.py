from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.benchmark_input_match_rules_item import BenchmarkInputMatchRulesItem
    from ..models.benchmark_input_values_item import BenchmarkInputValuesItem
    from ..models.benchmark_run_input import BenchmarkRunInput


T = TypeVar("T", bound="BenchmarkInput")


@_attrs_define
class BenchmarkInput:
    """
    Attributes:
        id (UUID): the benchmark plugin id
        name (str): the benchmark class attribute name
        plugin_name (str):
        version (int): current plugin version
        metric_unit (None | str):
        target_labels (list[str]):
        group_by (list[str]):
        match_rules (list[BenchmarkInputMatchRulesItem]):
        latest_run (BenchmarkRunInput | None):
        computed_at (None | str): end of the latest successful run, whose values follow
        computed_version (int | None):
        values (list[BenchmarkInputValuesItem]): latest value per group
    """

    id: UUID
    name: str
    plugin_name: str
    version: int
    metric_unit: None | str
    target_labels: list[str]
    group_by: list[str]
    match_rules: list[BenchmarkInputMatchRulesItem]
    latest_run: BenchmarkRunInput | None
    computed_at: None | str
    computed_version: int | None
    values: list[BenchmarkInputValuesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_run_input import BenchmarkRunInput

        id = str(self.id)

        name = self.name

        plugin_name = self.plugin_name

        version = self.version

        metric_unit: None | str
        metric_unit = self.metric_unit

        target_labels = self.target_labels

        group_by = self.group_by

        match_rules = []
        for match_rules_item_data in self.match_rules:
            match_rules_item = match_rules_item_data.to_dict()
            match_rules.append(match_rules_item)

        latest_run: dict[str, Any] | None
        if isinstance(self.latest_run, BenchmarkRunInput):
            latest_run = self.latest_run.to_dict()
        else:
            latest_run = self.latest_run

        computed_at: None | str
        computed_at = self.computed_at

        computed_version: int | None
        computed_version = self.computed_version

        values = []
        for values_item_data in self.values:
            values_item = values_item_data.to_dict()
            values.append(values_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "plugin_name": plugin_name,
                "version": version,
                "metric_unit": metric_unit,
                "target_labels": target_labels,
                "group_by": group_by,
                "match_rules": match_rules,
                "latest_run": latest_run,
                "computed_at": computed_at,
                "computed_version": computed_version,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.benchmark_input_match_rules_item import (
            BenchmarkInputMatchRulesItem,
        )
        from ..models.benchmark_input_values_item import BenchmarkInputValuesItem
        from ..models.benchmark_run_input import BenchmarkRunInput

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        plugin_name = d.pop("plugin_name")

        version = d.pop("version")

        def _parse_metric_unit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        metric_unit = _parse_metric_unit(d.pop("metric_unit"))

        target_labels = cast(list[str], d.pop("target_labels"))

        group_by = cast(list[str], d.pop("group_by"))

        match_rules = []
        _match_rules = d.pop("match_rules")
        for match_rules_item_data in _match_rules:
            match_rules_item = BenchmarkInputMatchRulesItem.from_dict(
                match_rules_item_data
            )

            match_rules.append(match_rules_item)

        def _parse_latest_run(data: object) -> BenchmarkRunInput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                latest_run_type_0 = BenchmarkRunInput.from_dict(data)

                return latest_run_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BenchmarkRunInput | None, data)

        latest_run = _parse_latest_run(d.pop("latest_run"))

        def _parse_computed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        computed_at = _parse_computed_at(d.pop("computed_at"))

        def _parse_computed_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        computed_version = _parse_computed_version(d.pop("computed_version"))

        values = []
        _values = d.pop("values")
        for values_item_data in _values:
            values_item = BenchmarkInputValuesItem.from_dict(values_item_data)

            values.append(values_item)

        benchmark_input = cls(
            id=id,
            name=name,
            plugin_name=plugin_name,
            version=version,
            metric_unit=metric_unit,
            target_labels=target_labels,
            group_by=group_by,
            match_rules=match_rules,
            latest_run=latest_run,
            computed_at=computed_at,
            computed_version=computed_version,
            values=values,
        )

        benchmark_input.additional_properties = d
        return benchmark_input

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
