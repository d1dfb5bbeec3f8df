from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.invalid_plugin_code_error import InvalidPluginCodeError


T = TypeVar("T", bound="InvalidPluginCode")


@_attrs_define
class InvalidPluginCode:
    """
    Attributes:
        error (InvalidPluginCodeError):
    """

    error: InvalidPluginCodeError

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invalid_plugin_code_error import InvalidPluginCodeError

        d = dict(src_dict)
        error = InvalidPluginCodeError.from_dict(d.pop("error"))

        invalid_plugin_code = cls(
            error=error,
        )

        return invalid_plugin_code
