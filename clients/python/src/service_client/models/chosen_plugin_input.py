from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chosen_plugin_input_status import ChosenPluginInputStatus

T = TypeVar("T", bound="ChosenPluginInput")


@_attrs_define
class ChosenPluginInput:
    """
    Attributes:
        id (UUID):
        name (str):
        version (int): its current version, which the pipeline runs
        status (ChosenPluginInputStatus):
        quarantined (bool): true while the pipeline refuses to run it (docs/plugins.md)
    """

    id: UUID
    name: str
    version: int
    status: ChosenPluginInputStatus
    quarantined: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        version = self.version

        status = self.status.value

        quarantined = self.quarantined

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        status = ChosenPluginInputStatus(d.pop("status"))

        quarantined = d.pop("quarantined")

        chosen_plugin_input = cls(
            id=id,
            name=name,
            version=version,
            status=status,
            quarantined=quarantined,
        )

        chosen_plugin_input.additional_properties = d
        return chosen_plugin_input

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
