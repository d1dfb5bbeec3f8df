from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.benchmark_run_status import BenchmarkRunStatus

if TYPE_CHECKING:
    from ..models.benchmark_run_timings import BenchmarkRunTimings


T = TypeVar("T", bound="BenchmarkRun")


@_attrs_define
class BenchmarkRun:
    """
    Attributes:
        id (UUID):
        version (int): plugin version the run used
        status (BenchmarkRunStatus):
        trigger (str): schedule, extraction or manual
        documents (int): documents with a target label
        scored (int): documents score() did not skip
        flagged (int):
        error (None | str):
        timings (BenchmarkRunTimings): milliseconds per phase
        started_at (str):
        finished_at (None | str):
    """

    id: UUID
    version: int
    status: BenchmarkRunStatus
    trigger: str
    documents: int
    scored: int
    flagged: int
    error: None | str
    timings: BenchmarkRunTimings
    started_at: str
    finished_at: None | str

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
        from ..models.benchmark_run_timings import BenchmarkRunTimings

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        version = d.pop("version")

        status = BenchmarkRunStatus(d.pop("status"))

        trigger = d.pop("trigger")

        documents = d.pop("documents")

        scored = d.pop("scored")

        flagged = d.pop("flagged")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        timings = BenchmarkRunTimings.from_dict(d.pop("timings"))

        started_at = d.pop("started_at")

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        benchmark_run = cls(
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

        return benchmark_run
