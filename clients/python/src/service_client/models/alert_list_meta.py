from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertListMeta")


@_attrs_define
class AlertListMeta:
    """
    Attributes:
        total (int):
        page (int):
        per_page (int):
        total_exact (bool | Unset): present and false when total is a lower bound: more rows match than were counted
    """

    total: int
    page: int
    per_page: int
    total_exact: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        page = self.page

        per_page = self.per_page

        total_exact = self.total_exact

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "page": page,
                "per_page": per_page,
            }
        )
        if total_exact is not UNSET:
            field_dict["total_exact"] = total_exact

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        total = d.pop("total")

        page = d.pop("page")

        per_page = d.pop("per_page")

        total_exact = d.pop("total_exact", UNSET)

        alert_list_meta = cls(
            total=total,
            page=page,
            per_page=per_page,
            total_exact=total_exact,
        )

        return alert_list_meta
