from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_text_ocr_type_0_confidence import (
        DocumentTextOcrType0Confidence,
    )


T = TypeVar("T", bound="DocumentTextOcrType0")


@_attrs_define
class DocumentTextOcrType0:
    """
    Attributes:
        engine (str):
        languages (str):
        pages (list[int]): 1-based pages whose text came from OCR
        confidence (DocumentTextOcrType0Confidence): mean word confidence 0–100 per OCRed page
        mean_confidence (float | None):
        skipped_pages (list[int]): pages without text beyond SERVICE_OCR_MAX_PAGES
        blank_pages (list[int] | Unset): pages without text not OCRed because their image is blank (absent in documents
            parsed before this check)
    """

    engine: str
    languages: str
    pages: list[int]
    confidence: DocumentTextOcrType0Confidence
    mean_confidence: float | None
    skipped_pages: list[int]
    blank_pages: list[int] | Unset = UNSET

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
        from ..models.document_text_ocr_type_0_confidence import (
            DocumentTextOcrType0Confidence,
        )

        d = dict(src_dict)
        engine = d.pop("engine")

        languages = d.pop("languages")

        pages = cast(list[int], d.pop("pages"))

        confidence = DocumentTextOcrType0Confidence.from_dict(d.pop("confidence"))

        def _parse_mean_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_confidence = _parse_mean_confidence(d.pop("mean_confidence"))

        skipped_pages = cast(list[int], d.pop("skipped_pages"))

        blank_pages = cast(list[int], d.pop("blank_pages", UNSET))

        document_text_ocr_type_0 = cls(
            engine=engine,
            languages=languages,
            pages=pages,
            confidence=confidence,
            mean_confidence=mean_confidence,
            skipped_pages=skipped_pages,
            blank_pages=blank_pages,
        )

        return document_text_ocr_type_0
