from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.document_text_input_attachments_item import (
        DocumentTextInputAttachmentsItem,
    )
    from ..models.document_text_input_ocr_type_0 import DocumentTextInputOcrType0


T = TypeVar("T", bound="DocumentTextInput")


@_attrs_define
class DocumentTextInput:
    """
    Attributes:
        text (str):
        pages (list[str]):
        ocr (DocumentTextInputOcrType0 | None): null when every page had a text layer
        attachments (list[DocumentTextInputAttachmentsItem]): an email's attachments and what became of each; empty for
            other kinds
    """

    text: str
    pages: list[str]
    ocr: DocumentTextInputOcrType0 | None
    attachments: list[DocumentTextInputAttachmentsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.document_text_input_ocr_type_0 import DocumentTextInputOcrType0

        text = self.text

        pages = self.pages

        ocr: dict[str, Any] | None
        if isinstance(self.ocr, DocumentTextInputOcrType0):
            ocr = self.ocr.to_dict()
        else:
            ocr = self.ocr

        attachments = []
        for attachments_item_data in self.attachments:
            attachments_item = attachments_item_data.to_dict()
            attachments.append(attachments_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.document_text_input_attachments_item import (
            DocumentTextInputAttachmentsItem,
        )
        from ..models.document_text_input_ocr_type_0 import DocumentTextInputOcrType0

        d = dict(src_dict)
        text = d.pop("text")

        pages = cast(list[str], d.pop("pages"))

        def _parse_ocr(data: object) -> DocumentTextInputOcrType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ocr_type_0 = DocumentTextInputOcrType0.from_dict(data)

                return ocr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocumentTextInputOcrType0 | None, data)

        ocr = _parse_ocr(d.pop("ocr"))

        attachments = []
        _attachments = d.pop("attachments")
        for attachments_item_data in _attachments:
            attachments_item = DocumentTextInputAttachmentsItem.from_dict(
                attachments_item_data
            )

            attachments.append(attachments_item)

        document_text_input = cls(
            text=text,
            pages=pages,
            ocr=ocr,
            attachments=attachments,
        )

        document_text_input.additional_properties = d
        return document_text_input

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
