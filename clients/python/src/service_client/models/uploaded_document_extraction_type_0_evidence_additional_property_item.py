from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UploadedDocumentExtractionType0EvidenceAdditionalPropertyItem")


@_attrs_define
class UploadedDocumentExtractionType0EvidenceAdditionalPropertyItem:
    """
    Attributes:
        start (int):
        end (int):
        page (int | None):
        text (str):
        rule (str | Unset): id of the extractor rule that produced the value (e.g. "term.clause",
            "notice_period.stops_renewal"; the built-in rules are listed in plugins/service_builtins/extraction/rulebook);
            absent when the plugin names none
    """

    start: int
    end: int
    page: int | None
    text: str
    rule: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        page: int | None
        page = self.page

        text = self.text

        rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
                "page": page,
                "text": text,
            }
        )
        if rule is not UNSET:
            field_dict["rule"] = rule

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

        rule = d.pop("rule", UNSET)

        uploaded_document_extraction_type_0_evidence_additional_property_item = cls(
            start=start,
            end=end,
            page=page,
            text=text,
            rule=rule,
        )

        return uploaded_document_extraction_type_0_evidence_additional_property_item
