from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.benchmark_score_input_group import BenchmarkScoreInputGroup


T = TypeVar("T", bound="BenchmarkScoreInput")


@_attrs_define
class BenchmarkScoreInput:
    """
    Attributes:
        document_id (UUID):
        filename (str):
        score (float): score() of the document, in the benchmark's metric_unit
        group (BenchmarkScoreInputGroup): {group_by field: value} of the document
        benchmark_value (float): compute() of the document's group
        flagged (bool):
    """

    document_id: UUID
    filename: str
    score: float
    group: BenchmarkScoreInputGroup
    benchmark_value: float
    flagged: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document_id = str(self.document_id)

        filename = self.filename

        score = self.score

        group = self.group.to_dict()

        benchmark_value = self.benchmark_value

        flagged = self.flagged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document_id": document_id,
                "filename": filename,
                "score": score,
                "group": group,
                "benchmark_value": benchmark_value,
                "flagged": flagged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.benchmark_score_input_group import BenchmarkScoreInputGroup

        d = dict(src_dict)
        document_id = UUID(d.pop("document_id"))

        filename = d.pop("filename")

        score = d.pop("score")

        group = BenchmarkScoreInputGroup.from_dict(d.pop("group"))

        benchmark_value = d.pop("benchmark_value")

        flagged = d.pop("flagged")

        benchmark_score_input = cls(
            document_id=document_id,
            filename=filename,
            score=score,
            group=group,
            benchmark_value=benchmark_value,
            flagged=flagged,
        )

        benchmark_score_input.additional_properties = d
        return benchmark_score_input

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
