from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.benchmark_run_input_status import BenchmarkRunInputStatus

if TYPE_CHECKING:
    from ..models.benchmark_run_input_timings import BenchmarkRunInputTimings


T = TypeVar("T", bound="BenchmarkRunInput")


@_attrs_define
class BenchmarkRunInput:
    """
    Attributes:
        id (UUID):
        version (int): plugin version the run used
        status (BenchmarkRunInputStatus):
        trigger (str): schedule, extraction or manual
        documents (int): documents with a target label
        scored (int): documents score() did not skip
        flagged (int):
        error (None | str):
        timings (BenchmarkRunInputTimings): milliseconds per phase
        started_at (str):
        finished_at (None | str):
    """

    id: UUID
    version: int
    status: BenchmarkRunInputStatus
    trigger: str
    documents: int
    scored: int
    flagged: int
    error: None | str
    timings: BenchmarkRunInputTimings
    started_at: str
    finished_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        version = self.version

        status = self.status.value

        trigger = self.trigger

        documents = self.documents

        scored = self.scored

        flagged = self.flagged

        error: None | str
        error = self.error

        timings = self.timings.to_dict()

        started_at = self.started_at

        finished_at: None | str
        finished_at = self.finished_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
                "status": status,
                "trigger": trigger,
                "documents": documents,
                "scored": scored,
                "flagged": flagged,
                "error": error,
                "timings": timings,
                "started_at": started_at,
                "finished_at": finished_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.benchmark_run_input_timings import BenchmarkRunInputTimings

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        version = d.pop("version")

        status = BenchmarkRunInputStatus(d.pop("status"))

        trigger = d.pop("trigger")

        documents = d.pop("documents")

        scored = d.pop("scored")

        flagged = d.pop("flagged")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        timings = BenchmarkRunInputTimings.from_dict(d.pop("timings"))

        started_at = d.pop("started_at")

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        benchmark_run_input = cls(
            id=id,
            version=version,
            status=status,
            trigger=trigger,
            documents=documents,
            scored=scored,
            flagged=flagged,
            error=error,
            timings=timings,
            started_at=started_at,
            finished_at=finished_at,
        )

        benchmark_run_input.additional_properties = d
        return benchmark_run_input

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
