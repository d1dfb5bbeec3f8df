from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.organization_export_status import OrganizationExportStatus

if TYPE_CHECKING:
    from ..models.organization_export_counts import OrganizationExportCounts


T = TypeVar("T", bound="OrganizationExport")


@_attrs_define
class OrganizationExport:
    """
    Attributes:
        id (UUID):
        organization_id (UUID):
        status (OrganizationExportStatus):
        size_bytes (int | None):
        counts (OrganizationExportCounts): manifest records per type
        error (None | str):
        created_at (str):
        finished_at (None | str):
        expires_at (None | str): the archive is deleted after this
        download_url (None | str):
    """

    id: UUID
    organization_id: UUID
    status: OrganizationExportStatus
    size_bytes: int | None
    counts: OrganizationExportCounts
    error: None | str
    created_at: str
    finished_at: None | str
    expires_at: None | str
    download_url: None | str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization_id = str(self.organization_id)

        status = self.status.value

        size_bytes: int | None
        size_bytes = self.size_bytes

        counts = self.counts.to_dict()

        error: None | str
        error = self.error

        created_at = self.created_at

        finished_at: None | str
        finished_at = self.finished_at

        expires_at: None | str
        expires_at = self.expires_at

        download_url: None | str
        download_url = self.download_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "organization_id": organization_id,
                "status": status,
                "size_bytes": size_bytes,
                "counts": counts,
                "error": error,
                "created_at": created_at,
                "finished_at": finished_at,
                "expires_at": expires_at,
                "download_url": download_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.organization_export_counts import OrganizationExportCounts

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        organization_id = UUID(d.pop("organization_id"))

        status = OrganizationExportStatus(d.pop("status"))

        def _parse_size_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        size_bytes = _parse_size_bytes(d.pop("size_bytes"))

        counts = OrganizationExportCounts.from_dict(d.pop("counts"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        created_at = d.pop("created_at")

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_download_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        download_url = _parse_download_url(d.pop("download_url"))

        organization_export = cls(
            id=id,
            organization_id=organization_id,
            status=status,
            size_bytes=size_bytes,
            counts=counts,
            error=error,
            created_at=created_at,
            finished_at=finished_at,
            expires_at=expires_at,
            download_url=download_url,
        )

        return organization_export
