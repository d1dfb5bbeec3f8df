from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.plugin_code_error_input import PluginCodeErrorInput


T = TypeVar("T", bound="InvalidPluginCodeInputError")


@_attrs_define
class InvalidPluginCodeInputError:
    """
    Attributes:
        code (Literal['INVALID_PLUGIN_CODE']):
        message (str): human-readable summary
        errors (list[PluginCodeErrorInput]): one entry per failed rule
    """

    code: Literal["INVALID_PLUGIN_CODE"]
    message: str
    errors: list[PluginCodeErrorInput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plugin_code_error_input import PluginCodeErrorInput

        d = dict(src_dict)
        code = cast(Literal["INVALID_PLUGIN_CODE"], d.pop("code"))
        if code != "INVALID_PLUGIN_CODE":
            raise ValueError(
                f"code must match const 'INVALID_PLUGIN_CODE', got '{code}'"
            )

        message = d.pop("message")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = PluginCodeErrorInput.from_dict(errors_item_data)

            errors.append(errors_item)

        invalid_plugin_code_input_error = cls(
            code=code,
            message=message,
            errors=errors,
        )

        invalid_plugin_code_input_error.additional_properties = d
        return invalid_plugin_code_input_error

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
