from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateOrganizationQuotasBody")


@_attrs_define
class UpdateOrganizationQuotasBody:
    """
    Attributes:
        max_documents_per_month (int | None | Unset):
        max_storage_bytes (int | None | Unset):
        max_sources (int | None | Unset):
        max_plugins (int | None | Unset):
        max_members (int | None | Unset):
        api_requests_per_minute (int | None | Unset):
    """

    max_documents_per_month: int | None | Unset = UNSET
    max_storage_bytes: int | None | Unset = UNSET
    max_sources: int | None | Unset = UNSET
    max_plugins: int | None | Unset = UNSET
    max_members: int | None | Unset = UNSET
    api_requests_per_minute: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        max_documents_per_month: int | None | Unset
        if isinstance(self.max_documents_per_month, Unset):
            max_documents_per_month = UNSET
        else:
            max_documents_per_month = self.max_documents_per_month

        max_storage_bytes: int | None | Unset
        if isinstance(self.max_storage_bytes, Unset):
            max_storage_bytes = UNSET
        else:
            max_storage_bytes = self.max_storage_bytes

        max_sources: int | None | Unset
        if isinstance(self.max_sources, Unset):
            max_sources = UNSET
        else:
            max_sources = self.max_sources

        max_plugins: int | None | Unset
        if isinstance(self.max_plugins, Unset):
            max_plugins = UNSET
        else:
            max_plugins = self.max_plugins

        max_members: int | None | Unset
        if isinstance(self.max_members, Unset):
            max_members = UNSET
        else:
            max_members = self.max_members

        api_requests_per_minute: int | None | Unset
        if isinstance(self.api_requests_per_minute, Unset):
            api_requests_per_minute = UNSET
        else:
            api_requests_per_minute = self.api_requests_per_minute

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if max_documents_per_month is not UNSET:
            field_dict["max_documents_per_month"] = max_documents_per_month
        if max_storage_bytes is not UNSET:
            field_dict["max_storage_bytes"] = max_storage_bytes
        if max_sources is not UNSET:
            field_dict["max_sources"] = max_sources
        if max_plugins is not UNSET:
            field_dict["max_plugins"] = max_plugins
        if max_members is not UNSET:
            field_dict["max_members"] = max_members
        if api_requests_per_minute is not UNSET:
            field_dict["api_requests_per_minute"] = api_requests_per_minute

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_max_documents_per_month(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_documents_per_month = _parse_max_documents_per_month(
            d.pop("max_documents_per_month", UNSET)
        )

        def _parse_max_storage_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_storage_bytes = _parse_max_storage_bytes(d.pop("max_storage_bytes", UNSET))

        def _parse_max_sources(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_sources = _parse_max_sources(d.pop("max_sources", UNSET))

        def _parse_max_plugins(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_plugins = _parse_max_plugins(d.pop("max_plugins", UNSET))

        def _parse_max_members(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_members = _parse_max_members(d.pop("max_members", UNSET))

        def _parse_api_requests_per_minute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        api_requests_per_minute = _parse_api_requests_per_minute(
            d.pop("api_requests_per_minute", UNSET)
        )

        update_organization_quotas_body = cls(
            max_documents_per_month=max_documents_per_month,
            max_storage_bytes=max_storage_bytes,
            max_sources=max_sources,
            max_plugins=max_plugins,
            max_members=max_members,
            api_requests_per_minute=api_requests_per_minute,
        )

        return update_organization_quotas_body
