from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.extraction_rule_input_examples_item import (
        ExtractionRuleInputExamplesItem,
    )


T = TypeVar("T", bound="ExtractionRuleInput")


@_attrs_define
class ExtractionRuleInput:
    """
    Attributes:
        id (str):
        field (str): the extraction field the rule serves, or `shared`
        language (str): the language of its words: `en`, `de`, `fr`, or `any` (neutral)
        doc (str): what the rule is for, in one line
        production (str): what turns a match into a value (`span`: the matched text)
        examples (list[ExtractionRuleInputExamplesItem]): texts the rule must match (checked by the rule book tests)
        counterexamples (list[str]): texts the rule must not match
        decisions (list[int]): rows of docs/decisions.md the rule comes from
        source (str): its file in the rule book, e.g. `en/notice.toml`
    """

    id: str
    field: str
    language: str
    doc: str
    production: str
    examples: list[ExtractionRuleInputExamplesItem]
    counterexamples: list[str]
    decisions: list[int]
    source: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        field = self.field

        language = self.language

        doc = self.doc

        production = self.production

        examples = []
        for examples_item_data in self.examples:
            examples_item = examples_item_data.to_dict()
            examples.append(examples_item)

        counterexamples = self.counterexamples

        decisions = self.decisions

        source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "field": field,
                "language": language,
                "doc": doc,
                "production": production,
                "examples": examples,
                "counterexamples": counterexamples,
                "decisions": decisions,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_rule_input_examples_item import (
            ExtractionRuleInputExamplesItem,
        )

        d = dict(src_dict)
        id = d.pop("id")

        field = d.pop("field")

        language = d.pop("language")

        doc = d.pop("doc")

        production = d.pop("production")

        examples = []
        _examples = d.pop("examples")
        for examples_item_data in _examples:
            examples_item = ExtractionRuleInputExamplesItem.from_dict(
                examples_item_data
            )

            examples.append(examples_item)

        counterexamples = cast(list[str], d.pop("counterexamples"))

        decisions = cast(list[int], d.pop("decisions"))

        source = d.pop("source")

        extraction_rule_input = cls(
            id=id,
            field=field,
            language=language,
            doc=doc,
            production=production,
            examples=examples,
            counterexamples=counterexamples,
            decisions=decisions,
            source=source,
        )

        extraction_rule_input.additional_properties = d
        return extraction_rule_input

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
