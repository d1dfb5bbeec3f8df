from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.sync_source_response_202_status import SyncSourceResponse202Status
from ..models.sync_source_response_202_trigger import SyncSourceResponse202Trigger

T = TypeVar("T", bound="SyncSourceResponse202")


@_attrs_define
class SyncSourceResponse202:
    """
    Attributes:
        id (UUID):
        source_id (UUID):
        trigger (SyncSourceResponse202Trigger):
        status (SyncSourceResponse202Status):
        started_at (str): ISO 8601 UTC timestamp
        ended_at (None | str):
        documents_created (int):
        documents_skipped (int): items whose bytes were already a document (duplicates)
        documents_failed (int): items refused (unsupported type, too large)
        documents_ignored (int): items matched by the connection's ignore patterns: not downloaded, no document
        error (None | str):
    """

    id: UUID
    source_id: UUID
    trigger: SyncSourceResponse202Trigger
    status: SyncSourceResponse202Status
    started_at: str
    ended_at: None | str
    documents_created: int
    documents_skipped: int
    documents_failed: int
    documents_ignored: int
    error: None | str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        source_id = str(self.source_id)

        trigger = self.trigger.value

        status = self.status.value

        started_at = self.started_at

        ended_at: None | str
        ended_at = self.ended_at

        documents_created = self.documents_created

        documents_skipped = self.documents_skipped

        documents_failed = self.documents_failed

        documents_ignored = self.documents_ignored

        error: None | str
        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "source_id": source_id,
                "trigger": trigger,
                "status": status,
                "started_at": started_at,
                "ended_at": ended_at,
                "documents_created": documents_created,
                "documents_skipped": documents_skipped,
                "documents_failed": documents_failed,
                "documents_ignored": documents_ignored,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        source_id = UUID(d.pop("source_id"))

        trigger = SyncSourceResponse202Trigger(d.pop("trigger"))

        status = SyncSourceResponse202Status(d.pop("status"))

        started_at = d.pop("started_at")

        def _parse_ended_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        documents_created = d.pop("documents_created")

        documents_skipped = d.pop("documents_skipped")

        documents_failed = d.pop("documents_failed")

        documents_ignored = d.pop("documents_ignored")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        sync_source_response_202 = cls(
            id=id,
            source_id=source_id,
            trigger=trigger,
            status=status,
            started_at=started_at,
            ended_at=ended_at,
            documents_created=documents_created,
            documents_skipped=documents_skipped,
            documents_failed=documents_failed,
            documents_ignored=documents_ignored,
            error=error,
        )

        return sync_source_response_202
