from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.extraction_rule_examples_item import ExtractionRuleExamplesItem


T = TypeVar("T", bound="ExtractionRule")


@_attrs_define
class ExtractionRule:
    """
    Attributes:
        id (str):
        field (str): the extraction field the rule serves, or `shared`
        language (str): the language of its words: `en`, `de`, `fr`, or `any` (neutral)
        doc (str): what the rule is for, in one line
        production (str): what turns a match into a value (`span`: the matched text)
        examples (list[ExtractionRuleExamplesItem]): texts the rule must match (checked by the rule book tests)
        counterexamples (list[str]): texts the rule must not match
        decisions (list[int]): rows of docs/decisions.md the rule comes from
        source (str): its file in the rule book, e.g. `en/notice.toml`
    """

    id: str
    field: str
    language: str
    doc: str
    production: str
    examples: list[ExtractionRuleExamplesItem]
    counterexamples: list[str]
    decisions: list[int]
    source: str

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
        from ..models.extraction_rule_examples_item import ExtractionRuleExamplesItem

        d = dict(src_dict)
        id = d.pop("id")

        field = d.pop("field")

        language = d.pop("language")

        doc = d.pop("doc")

        production = d.pop("production")

        examples = []
        _examples = d.pop("examples")
        for examples_item_data in _examples:
            examples_item = ExtractionRuleExamplesItem.from_dict(examples_item_data)

            examples.append(examples_item)

        counterexamples = cast(list[str], d.pop("counterexamples"))

        decisions = cast(list[int], d.pop("decisions"))

        source = d.pop("source")

        extraction_rule = cls(
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

        return extraction_rule
