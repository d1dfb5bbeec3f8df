from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plugin_update_request_input_configs import (
        PluginUpdateRequestInputConfigs,
    )


T = TypeVar("T", bound="PluginUpdateRequestInput")


@_attrs_define
class PluginUpdateRequestInput:
    """
    Attributes:
        name (str | Unset): unique in the organization, 1–100 characters
        code (str | Unset): new source; stored as a new version when accepted
        description (None | str | Unset): free text shown to administrators
        enabled (bool | Unset):
        configs (PluginUpdateRequestInputConfigs | Unset): replaces the configs of the current version (stored as a new
            version)
    """

    name: str | Unset = UNSET
    code: str | Unset = UNSET
    description: None | str | Unset = UNSET
    enabled: bool | Unset = UNSET
    configs: PluginUpdateRequestInputConfigs | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        code = self.code

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        enabled = self.enabled

        configs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configs, Unset):
            configs = self.configs.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if code is not UNSET:
            field_dict["code"] = code
        if description is not UNSET:
            field_dict["description"] = description
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if configs is not UNSET:
            field_dict["configs"] = configs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plugin_update_request_input_configs import (
            PluginUpdateRequestInputConfigs,
        )

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        code = d.pop("code", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        enabled = d.pop("enabled", UNSET)

        _configs = d.pop("configs", UNSET)
        configs: PluginUpdateRequestInputConfigs | Unset
        if isinstance(_configs, Unset):
            configs = UNSET
        else:
            configs = PluginUpdateRequestInputConfigs.from_dict(_configs)

        plugin_update_request_input = cls(
            name=name,
            code=code,
            description=description,
            enabled=enabled,
            configs=configs,
        )

        return plugin_update_request_input
