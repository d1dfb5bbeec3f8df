from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AcceptLabelSuggestionRequestInput")


@_attrs_define
class AcceptLabelSuggestionRequestInput:
    """
    Attributes:
        name (str | Unset): label name; required when the suggestion has none
        description (str | Unset):
        keywords (list[str] | Unset):
    """

    name: str | Unset = UNSET
    description: str | Unset = UNSET
    keywords: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        keywords: list[str] | Unset = UNSET
        if not isinstance(self.keywords, Unset):
            keywords = self.keywords

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if keywords is not UNSET:
            field_dict["keywords"] = keywords

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        description = d.pop("description", UNSET)

        keywords = cast(list[str], d.pop("keywords", UNSET))

        accept_label_suggestion_request_input = cls(
            name=name,
            description=description,
            keywords=keywords,
        )

        return accept_label_suggestion_request_input
