from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="DocumentTextAttachmentsItem")


@_attrs_define
class DocumentTextAttachmentsItem:
    """
    Attributes:
        filename (str):
        document_id (None | UUID): the attachment's document; null when it was refused
        error (None | str): why it was refused (type not accepted, too large, a quota)
    """

    filename: str
    document_id: None | UUID
    error: None | str

    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        document_id: None | str
        if isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        error: None | str
        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "filename": filename,
                "document_id": document_id,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        filename = d.pop("filename")

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

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        document_text_attachments_item = cls(
            filename=filename,
            document_id=document_id,
            error=error,
        )

        return document_text_attachments_item
