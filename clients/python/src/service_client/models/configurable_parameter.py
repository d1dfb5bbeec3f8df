from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConfigurableParameter")


@_attrs_define
class ConfigurableParameter:
    """
    Attributes:
        parameter_name (str):
        parameter_type (str): str, int, float or bool
        default_value (Any):
        description (str):
    """

    parameter_name: str
    parameter_type: str
    default_value: Any
    description: str

    def to_dict(self) -> dict[str, Any]:
        parameter_name = self.parameter_name

        parameter_type = self.parameter_type

        default_value = self.default_value

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "parameter_name": parameter_name,
                "parameter_type": parameter_type,
                "default_value": default_value,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        parameter_name = d.pop("parameter_name")

        parameter_type = d.pop("parameter_type")

        default_value = d.pop("default_value")

        description = d.pop("description")

        configurable_parameter = cls(
            parameter_name=parameter_name,
            parameter_type=parameter_type,
            default_value=default_value,
            description=description,
        )

        return configurable_parameter
