from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.saved_view_update_request_columns_item import (
    SavedViewUpdateRequestColumnsItem,
)

if TYPE_CHECKING:
    from ..models.saved_view_update_request_query import SavedViewUpdateRequestQuery


T = TypeVar("T", bound="SavedViewUpdateRequest")


@_attrs_define
class SavedViewUpdateRequest:
    """
    Attributes:
        name (str):
        query (SavedViewUpdateRequestQuery):
        columns (list[SavedViewUpdateRequestColumnsItem]): shown in this order
        show_in_sidebar (bool):  Default: True.
    """

    name: str
    query: SavedViewUpdateRequestQuery
    columns: list[SavedViewUpdateRequestColumnsItem]
    show_in_sidebar: bool = True

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        query = self.query.to_dict()

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.value
            columns.append(columns_item)

        show_in_sidebar = self.show_in_sidebar

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "query": query,
                "columns": columns,
                "show_in_sidebar": show_in_sidebar,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_view_update_request_query import SavedViewUpdateRequestQuery

        d = dict(src_dict)
        name = d.pop("name")

        query = SavedViewUpdateRequestQuery.from_dict(d.pop("query"))

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = SavedViewUpdateRequestColumnsItem(columns_item_data)

            columns.append(columns_item)

        show_in_sidebar = d.pop("show_in_sidebar")

        saved_view_update_request = cls(
            name=name,
            query=query,
            columns=columns,
            show_in_sidebar=show_in_sidebar,
        )

        return saved_view_update_request
