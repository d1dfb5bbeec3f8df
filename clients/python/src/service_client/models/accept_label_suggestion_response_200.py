from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.label_suggestion import LabelSuggestion
    from ..models.ontology import Ontology


T = TypeVar("T", bound="AcceptLabelSuggestionResponse200")


@_attrs_define
class AcceptLabelSuggestionResponse200:
    """
    Attributes:
        suggestion (LabelSuggestion):
        ontology (Ontology):
    """

    suggestion: LabelSuggestion
    ontology: Ontology

    def to_dict(self) -> dict[str, Any]:
        suggestion = self.suggestion.to_dict()

        ontology = self.ontology.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "suggestion": suggestion,
                "ontology": ontology,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.label_suggestion import LabelSuggestion
        from ..models.ontology import Ontology

        d = dict(src_dict)
        suggestion = LabelSuggestion.from_dict(d.pop("suggestion"))

        ontology = Ontology.from_dict(d.pop("ontology"))

        accept_label_suggestion_response_200 = cls(
            suggestion=suggestion,
            ontology=ontology,
        )

        return accept_label_suggestion_response_200
