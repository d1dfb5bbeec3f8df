from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_documents_export_body_format import CreateDocumentsExportBodyFormat
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateDocumentsExportBody")


@_attrs_define
class CreateDocumentsExportBody:
    """
    Attributes:
        document_ids (list[UUID]): the selection, in the order of the rows
        format_ (CreateDocumentsExportBodyFormat | Unset): csv: a row per document with its extracted values; zip: the
            original files and documents.csv Default: CreateDocumentsExportBodyFormat.CSV.
    """

    document_ids: list[UUID]
    format_: CreateDocumentsExportBodyFormat | Unset = (
        CreateDocumentsExportBodyFormat.CSV
    )

    def to_dict(self) -> dict[str, Any]:
        document_ids = []
        for document_ids_item_data in self.document_ids:
            document_ids_item = str(document_ids_item_data)
            document_ids.append(document_ids_item)

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "document_ids": document_ids,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document_ids = []
        _document_ids = d.pop("document_ids")
        for document_ids_item_data in _document_ids:
            document_ids_item = UUID(document_ids_item_data)

            document_ids.append(document_ids_item)

        _format_ = d.pop("format", UNSET)
        format_: CreateDocumentsExportBodyFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = CreateDocumentsExportBodyFormat(_format_)

        create_documents_export_body = cls(
            document_ids=document_ids,
            format_=format_,
        )

        return create_documents_export_body
