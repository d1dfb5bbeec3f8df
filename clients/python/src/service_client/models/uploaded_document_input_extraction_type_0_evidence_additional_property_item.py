from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="UploadedDocumentInputExtractionType0EvidenceAdditionalPropertyItem"
)


@_attrs_define
class UploadedDocumentInputExtractionType0EvidenceAdditionalPropertyItem:
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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        page: int | None
        page = self.page

        text = self.text

        rule = self.rule

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        uploaded_document_input_extraction_type_0_evidence_additional_property_item = (
            cls(
                start=start,
                end=end,
                page=page,
                text=text,
                rule=rule,
            )
        )

        uploaded_document_input_extraction_type_0_evidence_additional_property_item.additional_properties = d
        return (
            uploaded_document_input_extraction_type_0_evidence_additional_property_item
        )

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
