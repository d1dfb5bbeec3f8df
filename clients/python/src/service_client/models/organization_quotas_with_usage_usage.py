from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OrganizationQuotasWithUsageUsage")


@_attrs_define
class OrganizationQuotasWithUsageUsage:
    """current use: documents since the first of the month (UTC), stored bytes, counted items

    Attributes:
        documents_this_month (int):
        storage_bytes (int):
        sources (int):
        plugins (int):
        members (int):
    """

    documents_this_month: int
    storage_bytes: int
    sources: int
    plugins: int
    members: int

    def to_dict(self) -> dict[str, Any]:
        documents_this_month = self.documents_this_month

        storage_bytes = self.storage_bytes

        sources = self.sources

        plugins = self.plugins

        members = self.members

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "documents_this_month": documents_this_month,
                "storage_bytes": storage_bytes,
                "sources": sources,
                "plugins": plugins,
                "members": members,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        documents_this_month = d.pop("documents_this_month")

        storage_bytes = d.pop("storage_bytes")

        sources = d.pop("sources")

        plugins = d.pop("plugins")

        members = d.pop("members")

        organization_quotas_with_usage_usage = cls(
            documents_this_month=documents_this_month,
            storage_bytes=storage_bytes,
            sources=sources,
            plugins=plugins,
            members=members,
        )

        return organization_quotas_with_usage_usage
