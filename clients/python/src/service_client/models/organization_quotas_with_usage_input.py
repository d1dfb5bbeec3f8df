from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.organization_quotas_with_usage_input_usage import (
        OrganizationQuotasWithUsageInputUsage,
    )


T = TypeVar("T", bound="OrganizationQuotasWithUsageInput")


@_attrs_define
class OrganizationQuotasWithUsageInput:
    """null limit = unlimited

    Attributes:
        max_documents_per_month (int | None):
        max_storage_bytes (int | None):
        max_sources (int | None):
        max_plugins (int | None):
        max_members (int | None):
        api_requests_per_minute (int | None):
        usage (OrganizationQuotasWithUsageInputUsage): current use: documents since the first of the month (UTC), stored
            bytes, counted items
    """

    max_documents_per_month: int | None
    max_storage_bytes: int | None
    max_sources: int | None
    max_plugins: int | None
    max_members: int | None
    api_requests_per_minute: int | None
    usage: OrganizationQuotasWithUsageInputUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_documents_per_month: int | None
        max_documents_per_month = self.max_documents_per_month

        max_storage_bytes: int | None
        max_storage_bytes = self.max_storage_bytes

        max_sources: int | None
        max_sources = self.max_sources

        max_plugins: int | None
        max_plugins = self.max_plugins

        max_members: int | None
        max_members = self.max_members

        api_requests_per_minute: int | None
        api_requests_per_minute = self.api_requests_per_minute

        usage = self.usage.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "max_documents_per_month": max_documents_per_month,
                "max_storage_bytes": max_storage_bytes,
                "max_sources": max_sources,
                "max_plugins": max_plugins,
                "max_members": max_members,
                "api_requests_per_minute": api_requests_per_minute,
                "usage": usage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.organization_quotas_with_usage_input_usage import (
            OrganizationQuotasWithUsageInputUsage,
        )

        d = dict(src_dict)

        def _parse_max_documents_per_month(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_documents_per_month = _parse_max_documents_per_month(
            d.pop("max_documents_per_month")
        )

        def _parse_max_storage_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_storage_bytes = _parse_max_storage_bytes(d.pop("max_storage_bytes"))

        def _parse_max_sources(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_sources = _parse_max_sources(d.pop("max_sources"))

        def _parse_max_plugins(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_plugins = _parse_max_plugins(d.pop("max_plugins"))

        def _parse_max_members(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_members = _parse_max_members(d.pop("max_members"))

        def _parse_api_requests_per_minute(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        api_requests_per_minute = _parse_api_requests_per_minute(
            d.pop("api_requests_per_minute")
        )

        usage = OrganizationQuotasWithUsageInputUsage.from_dict(d.pop("usage"))

        organization_quotas_with_usage_input = cls(
            max_documents_per_month=max_documents_per_month,
            max_storage_bytes=max_storage_bytes,
            max_sources=max_sources,
            max_plugins=max_plugins,
            max_members=max_members,
            api_requests_per_minute=api_requests_per_minute,
            usage=usage,
        )

        organization_quotas_with_usage_input.additional_properties = d
        return organization_quotas_with_usage_input

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
