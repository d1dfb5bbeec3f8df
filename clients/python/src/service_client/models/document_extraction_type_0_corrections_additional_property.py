from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocumentExtractionType0CorrectionsAdditionalProperty")


@_attrs_define
class DocumentExtractionType0CorrectionsAdditionalProperty:
    """
    Attributes:
        value (Any): the corrected value (also in `data`); null when cleared
        original (Any): what the extraction plugin read; null when nothing
        corrected_by (None | UUID):
        corrected_by_email (None | str):
        corrected_at (str):
    """

    value: Any
    original: Any
    corrected_by: None | UUID
    corrected_by_email: None | str
    corrected_at: str

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        original = self.original

        corrected_by: None | str
        if isinstance(self.corrected_by, UUID):
            corrected_by = str(self.corrected_by)
        else:
            corrected_by = self.corrected_by

        corrected_by_email: None | str
        corrected_by_email = self.corrected_by_email

        corrected_at = self.corrected_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "original": original,
                "corrected_by": corrected_by,
                "corrected_by_email": corrected_by_email,
                "corrected_at": corrected_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        original = d.pop("original")

        def _parse_corrected_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                corrected_by_type_0 = UUID(data)

                return corrected_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        corrected_by = _parse_corrected_by(d.pop("corrected_by"))

        def _parse_corrected_by_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        corrected_by_email = _parse_corrected_by_email(d.pop("corrected_by_email"))

        corrected_at = d.pop("corrected_at")

        document_extraction_type_0_corrections_additional_property = cls(
            value=value,
            original=original,
            corrected_by=corrected_by,
            corrected_by_email=corrected_by_email,
            corrected_at=corrected_at,
        )

        return document_extraction_type_0_corrections_additional_property
