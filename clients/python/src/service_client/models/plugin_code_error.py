from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PluginCodeError")


@_attrs_define
class PluginCodeError:
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

    def to_dict(self) -> dict[str, Any]:
        line: int | None
        line = self.line

        error_type = self.error_type

        message = self.message

        fix_suggestion = self.fix_suggestion

        documentation: None | str
        documentation = self.documentation

        field_dict: dict[str, Any] = {}

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

        plugin_code_error = cls(
            line=line,
            error_type=error_type,
            message=message,
            fix_suggestion=fix_suggestion,
            documentation=documentation,
        )

        return plugin_code_error
