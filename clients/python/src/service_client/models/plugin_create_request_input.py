from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plugin_create_request_input_configs import (
        PluginCreateRequestInputConfigs,
    )


T = TypeVar("T", bound="PluginCreateRequestInput")


@_attrs_define
class PluginCreateRequestInput:
    """
    Attributes:
        name (str): unique in the organization, 1–100 characters
        code (str): Python source of one plugin file (service_sdk); validated like `service validate`
        description (None | str | Unset): free text shown to administrators
        configs (PluginCreateRequestInputConfigs | Unset): values of the plugin’s configurable_parameters by
            parameter_name; each must match its parameter_type (str, int, float, bool)
    """

    name: str
    code: str
    description: None | str | Unset = UNSET
    configs: PluginCreateRequestInputConfigs | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        code = self.code

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        configs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configs, Unset):
            configs = self.configs.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "code": code,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if configs is not UNSET:
            field_dict["configs"] = configs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plugin_create_request_input_configs import (
            PluginCreateRequestInputConfigs,
        )

        d = dict(src_dict)
        name = d.pop("name")

        code = d.pop("code")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _configs = d.pop("configs", UNSET)
        configs: PluginCreateRequestInputConfigs | Unset
        if isinstance(_configs, Unset):
            configs = UNSET
        else:
            configs = PluginCreateRequestInputConfigs.from_dict(_configs)

        plugin_create_request_input = cls(
            name=name,
            code=code,
            description=description,
            configs=configs,
        )

        return plugin_create_request_input
