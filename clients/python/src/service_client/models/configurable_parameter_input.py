from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConfigurableParameterInput")


@_attrs_define
class ConfigurableParameterInput:
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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parameter_name = self.parameter_name

        parameter_type = self.parameter_type

        default_value = self.default_value

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        configurable_parameter_input = cls(
            parameter_name=parameter_name,
            parameter_type=parameter_type,
            default_value=default_value,
            description=description,
        )

        configurable_parameter_input.additional_properties = d
        return configurable_parameter_input

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
