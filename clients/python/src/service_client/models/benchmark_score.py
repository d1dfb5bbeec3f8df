from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.benchmark_score_group import BenchmarkScoreGroup


T = TypeVar("T", bound="BenchmarkScore")


@_attrs_define
class BenchmarkScore:
    """
    Attributes:
        document_id (UUID):
        filename (str):
        score (float): score() of the document, in the benchmark's metric_unit
        group (BenchmarkScoreGroup): {group_by field: value} of the document
        benchmark_value (float): compute() of the document's group
        flagged (bool):
    """

    document_id: UUID
    filename: str
    score: float
    group: BenchmarkScoreGroup
    benchmark_value: float
    flagged: bool

    def to_dict(self) -> dict[str, Any]:
        document_id = str(self.document_id)

        filename = self.filename

        score = self.score

        group = self.group.to_dict()

        benchmark_value = self.benchmark_value

        flagged = self.flagged

        field_dict: dict[str, Any] = {}

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
        from ..models.benchmark_score_group import BenchmarkScoreGroup

        d = dict(src_dict)
        document_id = UUID(d.pop("document_id"))

        filename = d.pop("filename")

        score = d.pop("score")

        group = BenchmarkScoreGroup.from_dict(d.pop("group"))

        benchmark_value = d.pop("benchmark_value")

        flagged = d.pop("flagged")

        benchmark_score = cls(
            document_id=document_id,
            filename=filename,
            score=score,
            group=group,
            benchmark_value=benchmark_value,
            flagged=flagged,
        )

        return benchmark_score
