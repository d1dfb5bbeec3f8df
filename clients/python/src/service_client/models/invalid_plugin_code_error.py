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

if TYPE_CHECKING:
    from ..models.plugin_code_error import PluginCodeError


T = TypeVar("T", bound="InvalidPluginCodeError")


@_attrs_define
class InvalidPluginCodeError:
    """
    Attributes:
        code (Literal['INVALID_PLUGIN_CODE']):
        message (str): human-readable summary
        errors (list[PluginCodeError]): one entry per failed rule
    """

    code: Literal["INVALID_PLUGIN_CODE"]
    message: str
    errors: list[PluginCodeError]

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        field_dict: dict[str, Any] = {}

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
        from ..models.plugin_code_error import PluginCodeError

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
            errors_item = PluginCodeError.from_dict(errors_item_data)

            errors.append(errors_item)

        invalid_plugin_code_error = cls(
            code=code,
            message=message,
            errors=errors,
        )

        return invalid_plugin_code_error
