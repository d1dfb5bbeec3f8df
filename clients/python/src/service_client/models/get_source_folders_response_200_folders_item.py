from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSourceFoldersResponse200FoldersItem")


@_attrs_define
class GetSourceFoldersResponse200FoldersItem:
    """
    Attributes:
        path (None | str): metadata.folder; null for documents without one
        documents (int):
        last_document_at (None | str):
    """

    path: None | str
    documents: int
    last_document_at: None | str

    def to_dict(self) -> dict[str, Any]:
        path: None | str
        path = self.path

        documents = self.documents

        last_document_at: None | str
        last_document_at = self.last_document_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "documents": documents,
                "last_document_at": last_document_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        path = _parse_path(d.pop("path"))

        documents = d.pop("documents")

        def _parse_last_document_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_document_at = _parse_last_document_at(d.pop("last_document_at"))

        get_source_folders_response_200_folders_item = cls(
            path=path,
            documents=documents,
            last_document_at=last_document_at,
        )

        return get_source_folders_response_200_folders_item
