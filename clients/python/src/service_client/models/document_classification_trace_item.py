from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.document_classification_trace_item_outcome import (
    DocumentClassificationTraceItemOutcome,
)

if TYPE_CHECKING:
    from ..models.classification_decision import ClassificationDecision


T = TypeVar("T", bound="DocumentClassificationTraceItem")


@_attrs_define
class DocumentClassificationTraceItem:
    """
    Attributes:
        level (int):
        available_labels (list[str]):
        returned (None | str):
        outcome (DocumentClassificationTraceItemOutcome):
        decision (ClassificationDecision | None): the plugin's confidence at this level; null when it reported none
    """

    level: int
    available_labels: list[str]
    returned: None | str
    outcome: DocumentClassificationTraceItemOutcome
    decision: ClassificationDecision | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.classification_decision import ClassificationDecision

        level = self.level

        available_labels = self.available_labels

        returned: None | str
        returned = self.returned

        outcome = self.outcome.value

        decision: dict[str, Any] | None
        if isinstance(self.decision, ClassificationDecision):
            decision = self.decision.to_dict()
        else:
            decision = self.decision

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "available_labels": available_labels,
                "returned": returned,
                "outcome": outcome,
                "decision": decision,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classification_decision import ClassificationDecision

        d = dict(src_dict)
        level = d.pop("level")

        available_labels = cast(list[str], d.pop("available_labels"))

        def _parse_returned(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        returned = _parse_returned(d.pop("returned"))

        outcome = DocumentClassificationTraceItemOutcome(d.pop("outcome"))

        def _parse_decision(data: object) -> ClassificationDecision | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decision_type_0 = ClassificationDecision.from_dict(data)

                return decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClassificationDecision | None, data)

        decision = _parse_decision(d.pop("decision"))

        document_classification_trace_item = cls(
            level=level,
            available_labels=available_labels,
            returned=returned,
            outcome=outcome,
            decision=decision,
        )

        return document_classification_trace_item
