from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.document_text_attachments_item import DocumentTextAttachmentsItem
    from ..models.document_text_ocr_type_0 import DocumentTextOcrType0


T = TypeVar("T", bound="DocumentText")


@_attrs_define
class DocumentText:
    """
    Attributes:
        text (str):
        pages (list[str]):
        ocr (DocumentTextOcrType0 | None): null when every page had a text layer
        attachments (list[DocumentTextAttachmentsItem]): an email's attachments and what became of each; empty for other
            kinds
    """

    text: str
    pages: list[str]
    ocr: DocumentTextOcrType0 | None
    attachments: list[DocumentTextAttachmentsItem]

    def to_dict(self) -> dict[str, Any]:
        from ..models.document_text_ocr_type_0 import DocumentTextOcrType0

        text = self.text

        pages = self.pages

        ocr: dict[str, Any] | None
        if isinstance(self.ocr, DocumentTextOcrType0):
            ocr = self.ocr.to_dict()
        else:
            ocr = self.ocr

        attachments = []
        for attachments_item_data in self.attachments:
            attachments_item = attachments_item_data.to_dict()
            attachments.append(attachments_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
                "pages": pages,
                "ocr": ocr,
                "attachments": attachments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_text_attachments_item import DocumentTextAttachmentsItem
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

        attachments = []
        _attachments = d.pop("attachments")
        for attachments_item_data in _attachments:
            attachments_item = DocumentTextAttachmentsItem.from_dict(
                attachments_item_data
            )

            attachments.append(attachments_item)

        document_text = cls(
            text=text,
            pages=pages,
            ocr=ocr,
            attachments=attachments,
        )

        return document_text
