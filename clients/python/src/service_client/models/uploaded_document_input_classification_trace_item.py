from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.uploaded_document_input_classification_trace_item_outcome import (
    UploadedDocumentInputClassificationTraceItemOutcome,
)

if TYPE_CHECKING:
    from ..models.classification_decision_input import ClassificationDecisionInput


T = TypeVar("T", bound="UploadedDocumentInputClassificationTraceItem")


@_attrs_define
class UploadedDocumentInputClassificationTraceItem:
    """
    Attributes:
        level (int):
        available_labels (list[str]):
        returned (None | str):
        outcome (UploadedDocumentInputClassificationTraceItemOutcome):
        decision (ClassificationDecisionInput | None): the plugin's confidence at this level; null when it reported none
    """

    level: int
    available_labels: list[str]
    returned: None | str
    outcome: UploadedDocumentInputClassificationTraceItemOutcome
    decision: ClassificationDecisionInput | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.classification_decision_input import ClassificationDecisionInput

        level = self.level

        available_labels = self.available_labels

        returned: None | str
        returned = self.returned

        outcome = self.outcome.value

        decision: dict[str, Any] | None
        if isinstance(self.decision, ClassificationDecisionInput):
            decision = self.decision.to_dict()
        else:
            decision = self.decision

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.classification_decision_input import ClassificationDecisionInput

        d = dict(src_dict)
        level = d.pop("level")

        available_labels = cast(list[str], d.pop("available_labels"))

        def _parse_returned(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        returned = _parse_returned(d.pop("returned"))

        outcome = UploadedDocumentInputClassificationTraceItemOutcome(d.pop("outcome"))

        def _parse_decision(data: object) -> ClassificationDecisionInput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decision_type_0 = ClassificationDecisionInput.from_dict(data)

                return decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClassificationDecisionInput | None, data)

        decision = _parse_decision(d.pop("decision"))

        uploaded_document_input_classification_trace_item = cls(
            level=level,
            available_labels=available_labels,
            returned=returned,
            outcome=outcome,
            decision=decision,
        )

        uploaded_document_input_classification_trace_item.additional_properties = d
        return uploaded_document_input_classification_trace_item

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
