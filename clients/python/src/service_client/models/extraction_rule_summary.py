from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExtractionRuleSummary")


@_attrs_define
class ExtractionRuleSummary:
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

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        field = self.field

        language = self.language

        doc = self.doc

        field_dict: dict[str, Any] = {}

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

        extraction_rule_summary = cls(
            id=id,
            field=field,
            language=language,
            doc=doc,
        )

        return extraction_rule_summary
