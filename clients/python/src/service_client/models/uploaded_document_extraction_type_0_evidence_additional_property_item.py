from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UploadedDocumentExtractionType0EvidenceAdditionalPropertyItem")


@_attrs_define
class UploadedDocumentExtractionType0EvidenceAdditionalPropertyItem:
    """
    Attributes:
        start (int):
        end (int):
        page (int | None):
        text (str):
    """

    start: int
    end: int
    page: int | None
    text: str

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        page: int | None
        page = self.page

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
                "page": page,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))

        text = d.pop("text")

        uploaded_document_extraction_type_0_evidence_additional_property_item = cls(
            start=start,
            end=end,
            page=page,
            text=text,
        )

        return uploaded_document_extraction_type_0_evidence_additional_property_item
