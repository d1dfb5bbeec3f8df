from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.configurable_parameter_input import ConfigurableParameterInput
    from ..models.plugin_attributes_input import PluginAttributesInput
    from ..models.plugin_version_detail_input_configs import (
        PluginVersionDetailInputConfigs,
    )


T = TypeVar("T", bound="PluginVersionDetailInput")


@_attrs_define
class PluginVersionDetailInput:
    """
    Attributes:
        version (int):
        sha256 (str):
        created_at (str): ISO 8601 UTC timestamp
        created_by (None | UUID): user who submitted this version
        code (str):
        class_name (None | str):
        configs (PluginVersionDetailInputConfigs):
        configurable_parameters (list[ConfigurableParameterInput]):
        attributes (PluginAttributesInput): class attributes read when the code was loaded; empty for CLASSIFICATION and
            EXTRACTION
    """

    version: int
    sha256: str
    created_at: str
    created_by: None | UUID
    code: str
    class_name: None | str
    configs: PluginVersionDetailInputConfigs
    configurable_parameters: list[ConfigurableParameterInput]
    attributes: PluginAttributesInput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        sha256 = self.sha256

        created_at = self.created_at

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        code = self.code

        class_name: None | str
        class_name = self.class_name

        configs = self.configs.to_dict()

        configurable_parameters = []
        for configurable_parameters_item_data in self.configurable_parameters:
            configurable_parameters_item = configurable_parameters_item_data.to_dict()
            configurable_parameters.append(configurable_parameters_item)

        attributes = self.attributes.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "sha256": sha256,
                "created_at": created_at,
                "created_by": created_by,
                "code": code,
                "class_name": class_name,
                "configs": configs,
                "configurable_parameters": configurable_parameters,
                "attributes": attributes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.configurable_parameter_input import ConfigurableParameterInput
        from ..models.plugin_attributes_input import PluginAttributesInput
        from ..models.plugin_version_detail_input_configs import (
            PluginVersionDetailInputConfigs,
        )

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

        code = d.pop("code")

        def _parse_class_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        class_name = _parse_class_name(d.pop("class_name"))

        configs = PluginVersionDetailInputConfigs.from_dict(d.pop("configs"))

        configurable_parameters = []
        _configurable_parameters = d.pop("configurable_parameters")
        for configurable_parameters_item_data in _configurable_parameters:
            configurable_parameters_item = ConfigurableParameterInput.from_dict(
                configurable_parameters_item_data
            )

            configurable_parameters.append(configurable_parameters_item)

        attributes = PluginAttributesInput.from_dict(d.pop("attributes"))

        plugin_version_detail_input = cls(
            version=version,
            sha256=sha256,
            created_at=created_at,
            created_by=created_by,
            code=code,
            class_name=class_name,
            configs=configs,
            configurable_parameters=configurable_parameters,
            attributes=attributes,
        )

        plugin_version_detail_input.additional_properties = d
        return plugin_version_detail_input

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
