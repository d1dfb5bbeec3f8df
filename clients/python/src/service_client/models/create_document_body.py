from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="CreateDocumentBody")


@_attrs_define
class CreateDocumentBody:
    """
    Attributes:
        file (File): the document
        source_id (UUID | Unset):
        metadata (str | Unset): a JSON object stored with the document
    """

    file: File
    source_id: UUID | Unset = UNSET
    metadata: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        source_id: str | Unset = UNSET
        if not isinstance(self.source_id, Unset):
            source_id = str(self.source_id)

        metadata = self.metadata

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if source_id is not UNSET:
            field_dict["source_id"] = source_id
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.source_id, Unset):
            files.append(("source_id", (None, str(self.source_id), "text/plain")))

        if not isinstance(self.metadata, Unset):
            files.append(
                ("metadata", (None, str(self.metadata).encode(), "text/plain"))
            )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        _source_id = d.pop("source_id", UNSET)
        source_id: UUID | Unset
        if isinstance(_source_id, Unset):
            source_id = UNSET
        else:
            source_id = UUID(_source_id)

        metadata = d.pop("metadata", UNSET)

        create_document_body = cls(
            file=file,
            source_id=source_id,
            metadata=metadata,
        )

        create_document_body.additional_properties = d
        return create_document_body

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
