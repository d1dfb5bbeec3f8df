from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.correct_extraction_request_input_data import (
        CorrectExtractionRequestInputData,
    )


T = TypeVar("T", bound="CorrectExtractionRequestInput")


@_attrs_define
class CorrectExtractionRequestInput:
    """
    Attributes:
        data (CorrectExtractionRequestInputData): field name → corrected value in the field's dtype (date `YYYY-MM-DD`,
            money `{amount, currency}`, duration `{value, unit}` or `P90D`, list[string] an array); null clears the field
    """

    data: CorrectExtractionRequestInputData

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.correct_extraction_request_input_data import (
            CorrectExtractionRequestInputData,
        )

        d = dict(src_dict)
        data = CorrectExtractionRequestInputData.from_dict(d.pop("data"))

        correct_extraction_request_input = cls(
            data=data,
        )

        return correct_extraction_request_input
