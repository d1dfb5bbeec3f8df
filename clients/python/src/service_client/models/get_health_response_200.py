from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_health_response_200_database import GetHealthResponse200Database
from ..models.get_health_response_200_plugin_memory_limit import (
    GetHealthResponse200PluginMemoryLimit,
)
from ..models.get_health_response_200_plugin_sandbox import (
    GetHealthResponse200PluginSandbox,
)
from ..models.get_health_response_200_status import GetHealthResponse200Status

T = TypeVar("T", bound="GetHealthResponse200")


@_attrs_define
class GetHealthResponse200:
    """
    Attributes:
        status (GetHealthResponse200Status):
        database (GetHealthResponse200Database):
        plugin_sandbox (GetHealthResponse200PluginSandbox):
        plugin_memory_limit (GetHealthResponse200PluginMemoryLimit): how a plugin runtime's memory is bounded: its own
            cgroup v2 (memory.max, pids.max), or its rlimits and tmpfs sizes
    """

    status: GetHealthResponse200Status
    database: GetHealthResponse200Database
    plugin_sandbox: GetHealthResponse200PluginSandbox
    plugin_memory_limit: GetHealthResponse200PluginMemoryLimit

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        database = self.database.value

        plugin_sandbox = self.plugin_sandbox.value

        plugin_memory_limit = self.plugin_memory_limit.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "database": database,
                "plugin_sandbox": plugin_sandbox,
                "plugin_memory_limit": plugin_memory_limit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = GetHealthResponse200Status(d.pop("status"))

        database = GetHealthResponse200Database(d.pop("database"))

        plugin_sandbox = GetHealthResponse200PluginSandbox(d.pop("plugin_sandbox"))

        plugin_memory_limit = GetHealthResponse200PluginMemoryLimit(
            d.pop("plugin_memory_limit")
        )

        get_health_response_200 = cls(
            status=status,
            database=database,
            plugin_sandbox=plugin_sandbox,
            plugin_memory_limit=plugin_memory_limit,
        )

        return get_health_response_200
