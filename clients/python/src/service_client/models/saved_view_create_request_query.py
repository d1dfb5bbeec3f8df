from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.saved_view_create_request_query_dir import SavedViewCreateRequestQueryDir
from ..models.saved_view_create_request_query_sort import (
    SavedViewCreateRequestQuerySort,
)
from ..models.saved_view_create_request_query_status import (
    SavedViewCreateRequestQueryStatus,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SavedViewCreateRequestQuery")


@_attrs_define
class SavedViewCreateRequestQuery:
    """
    Attributes:
        q (str | Unset): full-text query (docs/search.md)
        status (SavedViewCreateRequestQueryStatus | Unset):
        label (str | Unset):
        source_id (UUID | Unset): documents of this source connection
        sort (SavedViewCreateRequestQuerySort | Unset):
        dir_ (SavedViewCreateRequestQueryDir | Unset):
    """

    q: str | Unset = UNSET
    status: SavedViewCreateRequestQueryStatus | Unset = UNSET
    label: str | Unset = UNSET
    source_id: UUID | Unset = UNSET
    sort: SavedViewCreateRequestQuerySort | Unset = UNSET
    dir_: SavedViewCreateRequestQueryDir | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        q = self.q

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        label = self.label

        source_id: str | Unset = UNSET
        if not isinstance(self.source_id, Unset):
            source_id = str(self.source_id)

        sort: str | Unset = UNSET
        if not isinstance(self.sort, Unset):
            sort = self.sort.value

        dir_: str | Unset = UNSET
        if not isinstance(self.dir_, Unset):
            dir_ = self.dir_.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if q is not UNSET:
            field_dict["q"] = q
        if status is not UNSET:
            field_dict["status"] = status
        if label is not UNSET:
            field_dict["label"] = label
        if source_id is not UNSET:
            field_dict["source_id"] = source_id
        if sort is not UNSET:
            field_dict["sort"] = sort
        if dir_ is not UNSET:
            field_dict["dir"] = dir_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        q = d.pop("q", UNSET)

        _status = d.pop("status", UNSET)
        status: SavedViewCreateRequestQueryStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = SavedViewCreateRequestQueryStatus(_status)

        label = d.pop("label", UNSET)

        _source_id = d.pop("source_id", UNSET)
        source_id: UUID | Unset
        if isinstance(_source_id, Unset):
            source_id = UNSET
        else:
            source_id = UUID(_source_id)

        _sort = d.pop("sort", UNSET)
        sort: SavedViewCreateRequestQuerySort | Unset
        if isinstance(_sort, Unset):
            sort = UNSET
        else:
            sort = SavedViewCreateRequestQuerySort(_sort)

        _dir_ = d.pop("dir", UNSET)
        dir_: SavedViewCreateRequestQueryDir | Unset
        if isinstance(_dir_, Unset):
            dir_ = UNSET
        else:
            dir_ = SavedViewCreateRequestQueryDir(_dir_)

        saved_view_create_request_query = cls(
            q=q,
            status=status,
            label=label,
            source_id=source_id,
            sort=sort,
            dir_=dir_,
        )

        return saved_view_create_request_query
