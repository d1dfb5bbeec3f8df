from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.list_sources_response_200_content_item_kind import (
    ListSourcesResponse200ContentItemKind,
)
from ..models.list_sources_response_200_content_item_status import (
    ListSourcesResponse200ContentItemStatus,
)

if TYPE_CHECKING:
    from ..models.source_configs import SourceConfigs


T = TypeVar("T", bound="ListSourcesResponse200ContentItem")


@_attrs_define
class ListSourcesResponse200ContentItem:
    """
    Attributes:
        id (UUID):
        name (str):
        provider (str): OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding
        kind (ListSourcesResponse200ContentItemKind):
        status (ListSourcesResponse200ContentItemStatus):
        auto_sync (bool):
        sync_interval_minutes (int):
        plugin_id (None | UUID):
        configs (SourceConfigs):
        last_synced_at (None | str):
        last_error (None | str):
        created_at (str): ISO 8601 UTC timestamp
        updated_at (str): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    provider: str
    kind: ListSourcesResponse200ContentItemKind
    status: ListSourcesResponse200ContentItemStatus
    auto_sync: bool
    sync_interval_minutes: int
    plugin_id: None | UUID
    configs: SourceConfigs
    last_synced_at: None | str
    last_error: None | str
    created_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        provider = self.provider

        kind = self.kind.value

        status = self.status.value

        auto_sync = self.auto_sync

        sync_interval_minutes = self.sync_interval_minutes

        plugin_id: None | str
        if isinstance(self.plugin_id, UUID):
            plugin_id = str(self.plugin_id)
        else:
            plugin_id = self.plugin_id

        configs = self.configs.to_dict()

        last_synced_at: None | str
        last_synced_at = self.last_synced_at

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "provider": provider,
                "kind": kind,
                "status": status,
                "auto_sync": auto_sync,
                "sync_interval_minutes": sync_interval_minutes,
                "plugin_id": plugin_id,
                "configs": configs,
                "last_synced_at": last_synced_at,
                "last_error": last_error,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_configs import SourceConfigs

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        provider = d.pop("provider")

        kind = ListSourcesResponse200ContentItemKind(d.pop("kind"))

        status = ListSourcesResponse200ContentItemStatus(d.pop("status"))

        auto_sync = d.pop("auto_sync")

        sync_interval_minutes = d.pop("sync_interval_minutes")

        def _parse_plugin_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                plugin_id_type_0 = UUID(data)

                return plugin_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        plugin_id = _parse_plugin_id(d.pop("plugin_id"))

        configs = SourceConfigs.from_dict(d.pop("configs"))

        def _parse_last_synced_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_synced_at = _parse_last_synced_at(d.pop("last_synced_at"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        list_sources_response_200_content_item = cls(
            id=id,
            name=name,
            provider=provider,
            kind=kind,
            status=status,
            auto_sync=auto_sync,
            sync_interval_minutes=sync_interval_minutes,
            plugin_id=plugin_id,
            configs=configs,
            last_synced_at=last_synced_at,
            last_error=last_error,
            created_at=created_at,
            updated_at=updated_at,
        )

        return list_sources_response_200_content_item
