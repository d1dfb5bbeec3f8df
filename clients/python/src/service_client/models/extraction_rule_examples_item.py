from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExtractionRuleExamplesItem")


@_attrs_define
class ExtractionRuleExamplesItem:
    """
    Attributes:
        text (str): a text the rule finds a match in
        value (Any | Unset): what the rule makes of the match, when the example says
    """

    text: str
    value: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text")

        value = d.pop("value", UNSET)

        extraction_rule_examples_item = cls(
            text=text,
            value=value,
        )

        return extraction_rule_examples_item
