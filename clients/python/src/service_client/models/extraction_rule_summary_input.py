from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExtractionRuleSummaryInput")


@_attrs_define
class ExtractionRuleSummaryInput:
    """
    Attributes:
        id (str):
        field (str): the extraction field the rule serves, or `shared`
        language (str): the language of its words: `en`, `de`, `fr`, or `any` (neutral)
        doc (str): what the rule is for, in one line
    """

    id: str
    field: str
    language: str
    doc: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        field = self.field

        language = self.language

        doc = self.doc

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "field": field,
                "language": language,
                "doc": doc,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        field = d.pop("field")

        language = d.pop("language")

        doc = d.pop("doc")

        extraction_rule_summary_input = cls(
            id=id,
            field=field,
            language=language,
            doc=doc,
        )

        extraction_rule_summary_input.additional_properties = d
        return extraction_rule_summary_input

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
