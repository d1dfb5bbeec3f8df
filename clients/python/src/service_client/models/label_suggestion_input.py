from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.label_suggestion_input_reason import LabelSuggestionInputReason
from ..models.label_suggestion_input_status import LabelSuggestionInputStatus

if TYPE_CHECKING:
    from ..models.classification_decision_input import ClassificationDecisionInput


T = TypeVar("T", bound="LabelSuggestionInput")


@_attrs_define
class LabelSuggestionInput:
    """
    Attributes:
        id (UUID):
        document_id (None | UUID):
        parent_path (list[str]):
        label (None | str): the label the plugin returned, null when it returned None
        reason (LabelSuggestionInputReason):
        decision (ClassificationDecisionInput | None): the classification plugin's confidence at the level that asked
            for this suggestion
        status (LabelSuggestionInputStatus):
        created_at (str):
        resolved_at (None | str):
    """

    id: UUID
    document_id: None | UUID
    parent_path: list[str]
    label: None | str
    reason: LabelSuggestionInputReason
    decision: ClassificationDecisionInput | None
    status: LabelSuggestionInputStatus
    created_at: str
    resolved_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.classification_decision_input import ClassificationDecisionInput

        id = str(self.id)

        document_id: None | str
        if isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        parent_path = self.parent_path

        label: None | str
        label = self.label

        reason = self.reason.value

        decision: dict[str, Any] | None
        if isinstance(self.decision, ClassificationDecisionInput):
            decision = self.decision.to_dict()
        else:
            decision = self.decision

        status = self.status.value

        created_at = self.created_at

        resolved_at: None | str
        resolved_at = self.resolved_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "document_id": document_id,
                "parent_path": parent_path,
                "label": label,
                "reason": reason,
                "decision": decision,
                "status": status,
                "created_at": created_at,
                "resolved_at": resolved_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.classification_decision_input import ClassificationDecisionInput

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_document_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)

                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        document_id = _parse_document_id(d.pop("document_id"))

        parent_path = cast(list[str], d.pop("parent_path"))

        def _parse_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        label = _parse_label(d.pop("label"))

        reason = LabelSuggestionInputReason(d.pop("reason"))

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

        status = LabelSuggestionInputStatus(d.pop("status"))

        created_at = d.pop("created_at")

        def _parse_resolved_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at"))

        label_suggestion_input = cls(
            id=id,
            document_id=document_id,
            parent_path=parent_path,
            label=label,
            reason=reason,
            decision=decision,
            status=status,
            created_at=created_at,
            resolved_at=resolved_at,
        )

        label_suggestion_input.additional_properties = d
        return label_suggestion_input

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
