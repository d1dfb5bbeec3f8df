from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ListDocumentsPageable")


@_attrs_define
class ListDocumentsPageable:
    """
    Attributes:
        page (int | Unset): 0-based page number Default: 0.
        size (int | Unset): page size Default: 20.
        sort (str | Unset): field,asc|desc; field one of created_at, filename, status, label_confidence
    """

    page: int | Unset = 0
    size: int | Unset = 20
    sort: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        page = self.page

        size = self.size

        sort = self.sort

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if page is not UNSET:
            field_dict["page"] = page
        if size is not UNSET:
            field_dict["size"] = size
        if sort is not UNSET:
            field_dict["sort"] = sort

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        page = d.pop("page", UNSET)

        size = d.pop("size", UNSET)

        sort = d.pop("sort", UNSET)

        list_documents_pageable = cls(
            page=page,
            size=size,
            sort=sort,
        )

        return list_documents_pageable
