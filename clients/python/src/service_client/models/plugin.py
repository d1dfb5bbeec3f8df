from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.plugin_status import PluginStatus
from ..models.plugin_type import PluginType

if TYPE_CHECKING:
    from ..models.configurable_parameter import ConfigurableParameter
    from ..models.plugin_attributes import PluginAttributes
    from ..models.plugin_configs import PluginConfigs


T = TypeVar("T", bound="Plugin")


@_attrs_define
class Plugin:
    """
    Attributes:
        id (UUID):
        name (str):
        type_ (PluginType): read from the base class
        class_name (str):
        version (int): current version: 1, then +1 on each accepted change of code or configs
        status (PluginStatus):
        description (None | str):
        configurable_parameters (list[ConfigurableParameter]):
        configs (PluginConfigs): configs of the current version
        attributes (PluginAttributes): class attributes read when the code was loaded; empty for CLASSIFICATION and
            EXTRACTION
        sha256 (str): SHA-256 (hex) of the current version’s code
        quarantined_at (None | str): set when the plugin kept breaking the runtime protocol (oversize or malformed
            output); documents needing it fail with quarantine_reason until new code is uploaded or DELETE
            /plugins/{id}/quarantine lifts it
        quarantine_reason (None | str):
        created_at (str): ISO 8601 UTC timestamp
        updated_at (str): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    type_: PluginType
    class_name: str
    version: int
    status: PluginStatus
    description: None | str
    configurable_parameters: list[ConfigurableParameter]
    configs: PluginConfigs
    attributes: PluginAttributes
    sha256: str
    quarantined_at: None | str
    quarantine_reason: None | str
    created_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        type_ = self.type_.value

        class_name = self.class_name

        version = self.version

        status = self.status.value

        description: None | str
        description = self.description

        configurable_parameters = []
        for configurable_parameters_item_data in self.configurable_parameters:
            configurable_parameters_item = configurable_parameters_item_data.to_dict()
            configurable_parameters.append(configurable_parameters_item)

        configs = self.configs.to_dict()

        attributes = self.attributes.to_dict()

        sha256 = self.sha256

        quarantined_at: None | str
        quarantined_at = self.quarantined_at

        quarantine_reason: None | str
        quarantine_reason = self.quarantine_reason

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
                "class_name": class_name,
                "version": version,
                "status": status,
                "description": description,
                "configurable_parameters": configurable_parameters,
                "configs": configs,
                "attributes": attributes,
                "sha256": sha256,
                "quarantined_at": quarantined_at,
                "quarantine_reason": quarantine_reason,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.configurable_parameter import ConfigurableParameter
        from ..models.plugin_attributes import PluginAttributes
        from ..models.plugin_configs import PluginConfigs

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        type_ = PluginType(d.pop("type"))

        class_name = d.pop("class_name")

        version = d.pop("version")

        status = PluginStatus(d.pop("status"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        configurable_parameters = []
        _configurable_parameters = d.pop("configurable_parameters")
        for configurable_parameters_item_data in _configurable_parameters:
            configurable_parameters_item = ConfigurableParameter.from_dict(
                configurable_parameters_item_data
            )

            configurable_parameters.append(configurable_parameters_item)

        configs = PluginConfigs.from_dict(d.pop("configs"))

        attributes = PluginAttributes.from_dict(d.pop("attributes"))

        sha256 = d.pop("sha256")

        def _parse_quarantined_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quarantined_at = _parse_quarantined_at(d.pop("quarantined_at"))

        def _parse_quarantine_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quarantine_reason = _parse_quarantine_reason(d.pop("quarantine_reason"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        plugin = cls(
            id=id,
            name=name,
            type_=type_,
            class_name=class_name,
            version=version,
            status=status,
            description=description,
            configurable_parameters=configurable_parameters,
            configs=configs,
            attributes=attributes,
            sha256=sha256,
            quarantined_at=quarantined_at,
            quarantine_reason=quarantine_reason,
            created_at=created_at,
            updated_at=updated_at,
        )

        return plugin
