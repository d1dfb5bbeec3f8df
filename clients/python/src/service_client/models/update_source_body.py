from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.source_configs_input import SourceConfigsInput


T = TypeVar("T", bound="UpdateSourceBody")


@_attrs_define
class UpdateSourceBody:
    """
    Attributes:
        name (str | Unset):
        configs (SourceConfigsInput | Unset):
    """

    name: str | Unset = UNSET
    configs: SourceConfigsInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        configs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configs, Unset):
            configs = self.configs.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if configs is not UNSET:
            field_dict["configs"] = configs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_configs_input import SourceConfigsInput

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _configs = d.pop("configs", UNSET)
        configs: SourceConfigsInput | Unset
        if isinstance(_configs, Unset):
            configs = UNSET
        else:
            configs = SourceConfigsInput.from_dict(_configs)

        update_source_body = cls(
            name=name,
            configs=configs,
        )

        return update_source_body
