from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.chosen_plugin_status import ChosenPluginStatus

T = TypeVar("T", bound="ChosenPlugin")


@_attrs_define
class ChosenPlugin:
    """
    Attributes:
        id (UUID):
        name (str):
        version (int): its current version, which the pipeline runs
        status (ChosenPluginStatus):
        quarantined (bool): true while the pipeline refuses to run it (docs/plugins.md)
    """

    id: UUID
    name: str
    version: int
    status: ChosenPluginStatus
    quarantined: bool

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        version = self.version

        status = self.status.value

        quarantined = self.quarantined

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "version": version,
                "status": status,
                "quarantined": quarantined,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        version = d.pop("version")

        status = ChosenPluginStatus(d.pop("status"))

        quarantined = d.pop("quarantined")

        chosen_plugin = cls(
            id=id,
            name=name,
            version=version,
            status=status,
            quarantined=quarantined,
        )

        return chosen_plugin
