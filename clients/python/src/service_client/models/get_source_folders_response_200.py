from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_source_folders_response_200_folders_item import (
        GetSourceFoldersResponse200FoldersItem,
    )


T = TypeVar("T", bound="GetSourceFoldersResponse200")


@_attrs_define
class GetSourceFoldersResponse200:
    """
    Attributes:
        folders (list[GetSourceFoldersResponse200FoldersItem]):
    """

    folders: list[GetSourceFoldersResponse200FoldersItem]

    def to_dict(self) -> dict[str, Any]:
        folders = []
        for folders_item_data in self.folders:
            folders_item = folders_item_data.to_dict()
            folders.append(folders_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "folders": folders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_source_folders_response_200_folders_item import (
            GetSourceFoldersResponse200FoldersItem,
        )

        d = dict(src_dict)
        folders = []
        _folders = d.pop("folders")
        for folders_item_data in _folders:
            folders_item = GetSourceFoldersResponse200FoldersItem.from_dict(
                folders_item_data
            )

            folders.append(folders_item)

        get_source_folders_response_200 = cls(
            folders=folders,
        )

        return get_source_folders_response_200
