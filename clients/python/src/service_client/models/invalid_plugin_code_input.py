from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.invalid_plugin_code_input_error import InvalidPluginCodeInputError


T = TypeVar("T", bound="InvalidPluginCodeInput")


@_attrs_define
class InvalidPluginCodeInput:
    """
    Attributes:
        error (InvalidPluginCodeInputError):
    """

    error: InvalidPluginCodeInputError
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invalid_plugin_code_input_error import InvalidPluginCodeInputError

        d = dict(src_dict)
        error = InvalidPluginCodeInputError.from_dict(d.pop("error"))

        invalid_plugin_code_input = cls(
            error=error,
        )

        invalid_plugin_code_input.additional_properties = d
        return invalid_plugin_code_input

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
