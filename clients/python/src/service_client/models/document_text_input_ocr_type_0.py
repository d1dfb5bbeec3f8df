from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_text_input_ocr_type_0_confidence import (
        DocumentTextInputOcrType0Confidence,
    )


T = TypeVar("T", bound="DocumentTextInputOcrType0")


@_attrs_define
class DocumentTextInputOcrType0:
    """
    Attributes:
        engine (str):
        languages (str):
        pages (list[int]): 1-based pages whose text came from OCR
        confidence (DocumentTextInputOcrType0Confidence): mean word confidence 0–100 per OCRed page
        mean_confidence (float | None):
        skipped_pages (list[int]): pages without text beyond SERVICE_OCR_MAX_PAGES
        blank_pages (list[int] | Unset): pages without text not OCRed because their image is blank (absent in documents
            parsed before this check)
    """

    engine: str
    languages: str
    pages: list[int]
    confidence: DocumentTextInputOcrType0Confidence
    mean_confidence: float | None
    skipped_pages: list[int]
    blank_pages: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        engine = self.engine

        languages = self.languages

        pages = self.pages

        confidence = self.confidence.to_dict()

        mean_confidence: float | None
        mean_confidence = self.mean_confidence

        skipped_pages = self.skipped_pages

        blank_pages: list[int] | Unset = UNSET
        if not isinstance(self.blank_pages, Unset):
            blank_pages = self.blank_pages

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "engine": engine,
                "languages": languages,
                "pages": pages,
                "confidence": confidence,
                "mean_confidence": mean_confidence,
                "skipped_pages": skipped_pages,
            }
        )
        if blank_pages is not UNSET:
            field_dict["blank_pages"] = blank_pages

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_text_input_ocr_type_0_confidence import (
            DocumentTextInputOcrType0Confidence,
        )

        d = dict(src_dict)
        engine = d.pop("engine")

        languages = d.pop("languages")

        pages = cast(list[int], d.pop("pages"))

        confidence = DocumentTextInputOcrType0Confidence.from_dict(d.pop("confidence"))

        def _parse_mean_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_confidence = _parse_mean_confidence(d.pop("mean_confidence"))

        skipped_pages = cast(list[int], d.pop("skipped_pages"))

        blank_pages = cast(list[int], d.pop("blank_pages", UNSET))

        document_text_input_ocr_type_0 = cls(
            engine=engine,
            languages=languages,
            pages=pages,
            confidence=confidence,
            mean_confidence=mean_confidence,
            skipped_pages=skipped_pages,
            blank_pages=blank_pages,
        )

        document_text_input_ocr_type_0.additional_properties = d
        return document_text_input_ocr_type_0

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
