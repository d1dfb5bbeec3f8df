from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.document_text_ocr_type_0 import DocumentTextOcrType0


T = TypeVar("T", bound="DocumentText")


@_attrs_define
class DocumentText:
    """
    Attributes:
        text (str):
        pages (list[str]):
        ocr (DocumentTextOcrType0 | None): null when every page had a text layer
    """

    text: str
    pages: list[str]
    ocr: DocumentTextOcrType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.document_text_ocr_type_0 import DocumentTextOcrType0

        text = self.text

        pages = self.pages

        ocr: dict[str, Any] | None
        if isinstance(self.ocr, DocumentTextOcrType0):
            ocr = self.ocr.to_dict()
        else:
            ocr = self.ocr

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
                "pages": pages,
                "ocr": ocr,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_text_ocr_type_0 import DocumentTextOcrType0

        d = dict(src_dict)
        text = d.pop("text")

        pages = cast(list[str], d.pop("pages"))

        def _parse_ocr(data: object) -> DocumentTextOcrType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ocr_type_0 = DocumentTextOcrType0.from_dict(data)

                return ocr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocumentTextOcrType0 | None, data)

        ocr = _parse_ocr(d.pop("ocr"))

        document_text = cls(
            text=text,
            pages=pages,
            ocr=ocr,
        )

        return document_text
