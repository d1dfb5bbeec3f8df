from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.get_sources_coverage_response_200_sources_item_kind import (
    GetSourcesCoverageResponse200SourcesItemKind,
)

if TYPE_CHECKING:
    from ..models.get_sources_coverage_response_200_sources_item_by_status import (
        GetSourcesCoverageResponse200SourcesItemByStatus,
    )


T = TypeVar("T", bound="GetSourcesCoverageResponse200SourcesItem")


@_attrs_define
class GetSourcesCoverageResponse200SourcesItem:
    """
    Attributes:
        source_id (UUID):
        name (str):
        kind (GetSourcesCoverageResponse200SourcesItemKind):
        total (int):
        by_status (GetSourcesCoverageResponse200SourcesItemByStatus):
        last_synced_at (None | str):
    """

    source_id: UUID
    name: str
    kind: GetSourcesCoverageResponse200SourcesItemKind
    total: int
    by_status: GetSourcesCoverageResponse200SourcesItemByStatus
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
        from ..models.get_sources_coverage_response_200_sources_item_by_status import (
            GetSourcesCoverageResponse200SourcesItemByStatus,
        )

        d = dict(src_dict)
        source_id = UUID(d.pop("source_id"))

        name = d.pop("name")

        kind = GetSourcesCoverageResponse200SourcesItemKind(d.pop("kind"))

        total = d.pop("total")

        by_status = GetSourcesCoverageResponse200SourcesItemByStatus.from_dict(
            d.pop("by_status")
        )

        def _parse_last_synced_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_synced_at = _parse_last_synced_at(d.pop("last_synced_at"))

        get_sources_coverage_response_200_sources_item = cls(
            source_id=source_id,
            name=name,
            kind=kind,
            total=total,
            by_status=by_status,
            last_synced_at=last_synced_at,
        )

        return get_sources_coverage_response_200_sources_item
