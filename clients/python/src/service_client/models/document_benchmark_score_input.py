from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.document_benchmark_score_input_group import (
        DocumentBenchmarkScoreInputGroup,
    )


T = TypeVar("T", bound="DocumentBenchmarkScoreInput")


@_attrs_define
class DocumentBenchmarkScoreInput:
    """
    Attributes:
        benchmark (str): the benchmark run name
        plugin_id (UUID): the benchmark plugin
        version (int): the plugin's version the run used
        metric_unit (None | str):
        score (float): score() of the document, in the benchmark's metric_unit
        group (DocumentBenchmarkScoreInputGroup): {group_by field: value} of the document
        benchmark_value (float): compute() of the document's group
        flagged (bool):
        run_id (UUID):
        computed_at (None | str): when the run finished (ISO 8601)
    """

    benchmark: str
    plugin_id: UUID
    version: int
    metric_unit: None | str
    score: float
    group: DocumentBenchmarkScoreInputGroup
    benchmark_value: float
    flagged: bool
    run_id: UUID
    computed_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        benchmark = self.benchmark

        plugin_id = str(self.plugin_id)

        version = self.version

        metric_unit: None | str
        metric_unit = self.metric_unit

        score = self.score

        group = self.group.to_dict()

        benchmark_value = self.benchmark_value

        flagged = self.flagged

        run_id = str(self.run_id)

        computed_at: None | str
        computed_at = self.computed_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "benchmark": benchmark,
                "plugin_id": plugin_id,
                "version": version,
                "metric_unit": metric_unit,
                "score": score,
                "group": group,
                "benchmark_value": benchmark_value,
                "flagged": flagged,
                "run_id": run_id,
                "computed_at": computed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_benchmark_score_input_group import (
            DocumentBenchmarkScoreInputGroup,
        )

        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        plugin_id = UUID(d.pop("plugin_id"))

        version = d.pop("version")

        def _parse_metric_unit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        metric_unit = _parse_metric_unit(d.pop("metric_unit"))

        score = d.pop("score")

        group = DocumentBenchmarkScoreInputGroup.from_dict(d.pop("group"))

        benchmark_value = d.pop("benchmark_value")

        flagged = d.pop("flagged")

        run_id = UUID(d.pop("run_id"))

        def _parse_computed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        computed_at = _parse_computed_at(d.pop("computed_at"))

        document_benchmark_score_input = cls(
            benchmark=benchmark,
            plugin_id=plugin_id,
            version=version,
            metric_unit=metric_unit,
            score=score,
            group=group,
            benchmark_value=benchmark_value,
            flagged=flagged,
            run_id=run_id,
            computed_at=computed_at,
        )

        document_benchmark_score_input.additional_properties = d
        return document_benchmark_score_input

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
