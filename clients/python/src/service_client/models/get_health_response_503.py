from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_health_response_503_database import GetHealthResponse503Database
from ..models.get_health_response_503_plugin_memory_limit import (
    GetHealthResponse503PluginMemoryLimit,
)
from ..models.get_health_response_503_plugin_sandbox import (
    GetHealthResponse503PluginSandbox,
)
from ..models.get_health_response_503_status import GetHealthResponse503Status

T = TypeVar("T", bound="GetHealthResponse503")


@_attrs_define
class GetHealthResponse503:
    """
    Attributes:
        status (GetHealthResponse503Status):
        database (GetHealthResponse503Database):
        plugin_sandbox (GetHealthResponse503PluginSandbox):
        plugin_memory_limit (GetHealthResponse503PluginMemoryLimit):
        error (str):
    """

    status: GetHealthResponse503Status
    database: GetHealthResponse503Database
    plugin_sandbox: GetHealthResponse503PluginSandbox
    plugin_memory_limit: GetHealthResponse503PluginMemoryLimit
    error: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        database = self.database.value

        plugin_sandbox = self.plugin_sandbox.value

        plugin_memory_limit = self.plugin_memory_limit.value

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "database": database,
                "plugin_sandbox": plugin_sandbox,
                "plugin_memory_limit": plugin_memory_limit,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = GetHealthResponse503Status(d.pop("status"))

        database = GetHealthResponse503Database(d.pop("database"))

        plugin_sandbox = GetHealthResponse503PluginSandbox(d.pop("plugin_sandbox"))

        plugin_memory_limit = GetHealthResponse503PluginMemoryLimit(
            d.pop("plugin_memory_limit")
        )

        error = d.pop("error")

        get_health_response_503 = cls(
            status=status,
            database=database,
            plugin_sandbox=plugin_sandbox,
            plugin_memory_limit=plugin_memory_limit,
            error=error,
        )

        return get_health_response_503
