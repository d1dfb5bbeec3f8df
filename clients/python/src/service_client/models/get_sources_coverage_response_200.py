from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_sources_coverage_response_200_by_status import (
        GetSourcesCoverageResponse200ByStatus,
    )
    from ..models.get_sources_coverage_response_200_sources_item import (
        GetSourcesCoverageResponse200SourcesItem,
    )


T = TypeVar("T", bound="GetSourcesCoverageResponse200")


@_attrs_define
class GetSourcesCoverageResponse200:
    """
    Attributes:
        organization_id (UUID):
        total (int):
        by_status (GetSourcesCoverageResponse200ByStatus):
        without_source (int): documents not linked to a connection
        sources (list[GetSourcesCoverageResponse200SourcesItem]):
    """

    organization_id: UUID
    total: int
    by_status: GetSourcesCoverageResponse200ByStatus
    without_source: int
    sources: list[GetSourcesCoverageResponse200SourcesItem]

    def to_dict(self) -> dict[str, Any]:
        organization_id = str(self.organization_id)

        total = self.total

        by_status = self.by_status.to_dict()

        without_source = self.without_source

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organization_id": organization_id,
                "total": total,
                "by_status": by_status,
                "without_source": without_source,
                "sources": sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_sources_coverage_response_200_by_status import (
            GetSourcesCoverageResponse200ByStatus,
        )
        from ..models.get_sources_coverage_response_200_sources_item import (
            GetSourcesCoverageResponse200SourcesItem,
        )

        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

        total = d.pop("total")

        by_status = GetSourcesCoverageResponse200ByStatus.from_dict(d.pop("by_status"))

        without_source = d.pop("without_source")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = GetSourcesCoverageResponse200SourcesItem.from_dict(
                sources_item_data
            )

            sources.append(sources_item)

        get_sources_coverage_response_200 = cls(
            organization_id=organization_id,
            total=total,
            by_status=by_status,
            without_source=without_source,
            sources=sources,
        )

        return get_sources_coverage_response_200
