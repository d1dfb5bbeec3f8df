from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_documents_bulk_body_action import CreateDocumentsBulkBodyAction
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateDocumentsBulkBody")


@_attrs_define
class CreateDocumentsBulkBody:
    """
    Attributes:
        action (CreateDocumentsBulkBodyAction): what to do to each document
        document_ids (list[UUID]): the selection
        labels (list[str] | Unset): for set_labels: the label path, root first
    """

    action: CreateDocumentsBulkBodyAction
    document_ids: list[UUID]
    labels: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        document_ids = []
        for document_ids_item_data in self.document_ids:
            document_ids_item = str(document_ids_item_data)
            document_ids.append(document_ids_item)

        labels: list[str] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "document_ids": document_ids,
            }
        )
        if labels is not UNSET:
            field_dict["labels"] = labels

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = CreateDocumentsBulkBodyAction(d.pop("action"))

        document_ids = []
        _document_ids = d.pop("document_ids")
        for document_ids_item_data in _document_ids:
            document_ids_item = UUID(document_ids_item_data)

            document_ids.append(document_ids_item)

        labels = cast(list[str], d.pop("labels", UNSET))

        create_documents_bulk_body = cls(
            action=action,
            document_ids=document_ids,
            labels=labels,
        )

        return create_documents_bulk_body
