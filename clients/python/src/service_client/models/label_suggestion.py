from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.label_suggestion_reason import LabelSuggestionReason
from ..models.label_suggestion_status import LabelSuggestionStatus

if TYPE_CHECKING:
    from ..models.classification_decision import ClassificationDecision


T = TypeVar("T", bound="LabelSuggestion")


@_attrs_define
class LabelSuggestion:
    """
    Attributes:
        id (UUID):
        document_id (None | UUID):
        parent_path (list[str]):
        label (None | str): the label the plugin returned, null when it returned None
        reason (LabelSuggestionReason):
        decision (ClassificationDecision | None): the classification plugin's confidence at the level that asked for
            this suggestion
        status (LabelSuggestionStatus):
        created_at (str):
        resolved_at (None | str):
    """

    id: UUID
    document_id: None | UUID
    parent_path: list[str]
    label: None | str
    reason: LabelSuggestionReason
    decision: ClassificationDecision | None
    status: LabelSuggestionStatus
    created_at: str
    resolved_at: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.classification_decision import ClassificationDecision

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
        if isinstance(self.decision, ClassificationDecision):
            decision = self.decision.to_dict()
        else:
            decision = self.decision

        status = self.status.value

        created_at = self.created_at

        resolved_at: None | str
        resolved_at = self.resolved_at

        field_dict: dict[str, Any] = {}

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
        from ..models.classification_decision import ClassificationDecision

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

        reason = LabelSuggestionReason(d.pop("reason"))

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

        status = LabelSuggestionStatus(d.pop("status"))

        created_at = d.pop("created_at")

        def _parse_resolved_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at"))

        label_suggestion = cls(
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

        return label_suggestion
