from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.get_source_coverage_response_200_kind import (
    GetSourceCoverageResponse200Kind,
)

if TYPE_CHECKING:
    from ..models.get_source_coverage_response_200_by_status import (
        GetSourceCoverageResponse200ByStatus,
    )


T = TypeVar("T", bound="GetSourceCoverageResponse200")


@_attrs_define
class GetSourceCoverageResponse200:
    """
    Attributes:
        source_id (UUID):
        name (str):
        kind (GetSourceCoverageResponse200Kind):
        total (int):
        by_status (GetSourceCoverageResponse200ByStatus):
        last_synced_at (None | str):
    """

    source_id: UUID
    name: str
    kind: GetSourceCoverageResponse200Kind
    total: int
    by_status: GetSourceCoverageResponse200ByStatus
    last_synced_at: None | str

    def to_dict(self) -> dict[str, Any]:
        source_id = str(self.source_id)

        name = self.name

        kind = self.kind.value

        total = self.total

        by_status = self.by_status.to_dict()

        last_synced_at: None | str
        last_synced_at = self.last_synced_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_id": source_id,
                "name": name,
                "kind": kind,
                "total": total,
                "by_status": by_status,
                "last_synced_at": last_synced_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_source_coverage_response_200_by_status import (
            GetSourceCoverageResponse200ByStatus,
        )

        d = dict(src_dict)
        source_id = UUID(d.pop("source_id"))

        name = d.pop("name")

        kind = GetSourceCoverageResponse200Kind(d.pop("kind"))

        total = d.pop("total")

        by_status = GetSourceCoverageResponse200ByStatus.from_dict(d.pop("by_status"))

        def _parse_last_synced_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_synced_at = _parse_last_synced_at(d.pop("last_synced_at"))

        get_source_coverage_response_200 = cls(
            source_id=source_id,
            name=name,
            kind=kind,
            total=total,
            by_status=by_status,
            last_synced_at=last_synced_at,
        )

        return get_source_coverage_response_200
