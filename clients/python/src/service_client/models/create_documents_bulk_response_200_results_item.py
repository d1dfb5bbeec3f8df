from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateDocumentsBulkResponse200ResultsItem")


@_attrs_define
class CreateDocumentsBulkResponse200ResultsItem:
    """
    Attributes:
        document_id (UUID):
        ok (bool):
        status (int): the status the single route would have answered
        detail (None | str):
    """

    document_id: UUID
    ok: bool
    status: int
    detail: None | str

    def to_dict(self) -> dict[str, Any]:
        document_id = str(self.document_id)

        ok = self.ok

        status = self.status

        detail: None | str
        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "document_id": document_id,
                "ok": ok,
                "status": status,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document_id = UUID(d.pop("document_id"))

        ok = d.pop("ok")

        status = d.pop("status")

        def _parse_detail(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        detail = _parse_detail(d.pop("detail"))

        create_documents_bulk_response_200_results_item = cls(
            document_id=document_id,
            ok=ok,
            status=status,
            detail=detail,
        )

        return create_documents_bulk_response_200_results_item
