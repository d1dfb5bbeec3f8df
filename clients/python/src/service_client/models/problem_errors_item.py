from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProblemErrorsItem")


@_attrs_define
class ProblemErrorsItem:
    """
    Attributes:
        field (str): dotted path of the invalid field, prefixed by its location (body, query, params)
        message (str):
    """

    field: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "field": field,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        message = d.pop("message")

        problem_errors_item = cls(
            field=field,
            message=message,
        )

        return problem_errors_item
