from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="PluginVersion")


@_attrs_define
class PluginVersion:
    """
    Attributes:
        version (int):
        sha256 (str):
        created_at (str): ISO 8601 UTC timestamp
        created_by (None | UUID): user who submitted this version
    """

    version: int
    sha256: str
    created_at: str
    created_by: None | UUID

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        sha256 = self.sha256

        created_at = self.created_at

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "sha256": sha256,
                "created_at": created_at,
                "created_by": created_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        sha256 = d.pop("sha256")

        created_at = d.pop("created_at")

        def _parse_created_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_by_type_0 = UUID(data)

                return created_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_by = _parse_created_by(d.pop("created_by"))

        plugin_version = cls(
            version=version,
            sha256=sha256,
            created_at=created_at,
            created_by=created_by,
        )

        return plugin_version
