from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PluginCodeErrorInput")


@_attrs_define
class PluginCodeErrorInput:
    """
    Attributes:
        line (int | None): line in the submitted source; null for whole-file errors
        error_type (str): rule identifier, e.g. MissingMethod, InvalidBaseClass, WrongReturnType
        message (str):
        fix_suggestion (str): remediation hint, often a code snippet
        documentation (None | str): link into the reference, or null
    """

    line: int | None
    error_type: str
    message: str
    fix_suggestion: str
    documentation: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line: int | None
        line = self.line

        error_type = self.error_type

        message = self.message

        fix_suggestion = self.fix_suggestion

        documentation: None | str
        documentation = self.documentation

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "line": line,
                "error_type": error_type,
                "message": message,
                "fix_suggestion": fix_suggestion,
                "documentation": documentation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_line(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        line = _parse_line(d.pop("line"))

        error_type = d.pop("error_type")

        message = d.pop("message")

        fix_suggestion = d.pop("fix_suggestion")

        def _parse_documentation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        documentation = _parse_documentation(d.pop("documentation"))

        plugin_code_error_input = cls(
            line=line,
            error_type=error_type,
            message=message,
            fix_suggestion=fix_suggestion,
            documentation=documentation,
        )

        plugin_code_error_input.additional_properties = d
        return plugin_code_error_input

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
