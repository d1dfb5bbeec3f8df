from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.extraction_rule_summary import ExtractionRuleSummary
    from ..models.list_extraction_rules_response_200_page import (
        ListExtractionRulesResponse200Page,
    )


T = TypeVar("T", bound="ListExtractionRulesResponse200")


@_attrs_define
class ListExtractionRulesResponse200:
    """
    Attributes:
        content (list[ExtractionRuleSummary]):
        page (ListExtractionRulesResponse200Page):
    """

    content: list[ExtractionRuleSummary]
    page: ListExtractionRulesResponse200Page

    def to_dict(self) -> dict[str, Any]:
        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        page = self.page.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
                "page": page,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_rule_summary import ExtractionRuleSummary
        from ..models.list_extraction_rules_response_200_page import (
            ListExtractionRulesResponse200Page,
        )

        d = dict(src_dict)
        content = []
        _content = d.pop("content")
        for content_item_data in _content:
            content_item = ExtractionRuleSummary.from_dict(content_item_data)

            content.append(content_item)

        page = ListExtractionRulesResponse200Page.from_dict(d.pop("page"))

        list_extraction_rules_response_200 = cls(
            content=content,
            page=page,
        )

        return list_extraction_rules_response_200
