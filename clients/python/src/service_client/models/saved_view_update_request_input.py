from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.saved_view_update_request_input_columns_item import (
    SavedViewUpdateRequestInputColumnsItem,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.saved_view_update_request_input_query import (
        SavedViewUpdateRequestInputQuery,
    )


T = TypeVar("T", bound="SavedViewUpdateRequestInput")


@_attrs_define
class SavedViewUpdateRequestInput:
    """
    Attributes:
        name (str):
        query (SavedViewUpdateRequestInputQuery | Unset):
        columns (list[SavedViewUpdateRequestInputColumnsItem] | Unset): shown in this order
        show_in_sidebar (bool | Unset):  Default: True.
    """

    name: str
    query: SavedViewUpdateRequestInputQuery | Unset = UNSET
    columns: list[SavedViewUpdateRequestInputColumnsItem] | Unset = UNSET
    show_in_sidebar: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        query: dict[str, Any] | Unset = UNSET
        if not isinstance(self.query, Unset):
            query = self.query.to_dict()

        columns: list[str] | Unset = UNSET
        if not isinstance(self.columns, Unset):
            columns = []
            for columns_item_data in self.columns:
                columns_item = columns_item_data.value
                columns.append(columns_item)

        show_in_sidebar = self.show_in_sidebar

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if query is not UNSET:
            field_dict["query"] = query
        if columns is not UNSET:
            field_dict["columns"] = columns
        if show_in_sidebar is not UNSET:
            field_dict["show_in_sidebar"] = show_in_sidebar

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_view_update_request_input_query import (
            SavedViewUpdateRequestInputQuery,
        )

        d = dict(src_dict)
        name = d.pop("name")

        _query = d.pop("query", UNSET)
        query: SavedViewUpdateRequestInputQuery | Unset
        if isinstance(_query, Unset):
            query = UNSET
        else:
            query = SavedViewUpdateRequestInputQuery.from_dict(_query)

        _columns = d.pop("columns", UNSET)
        columns: list[SavedViewUpdateRequestInputColumnsItem] | Unset = UNSET
        if _columns is not UNSET:
            columns = []
            for columns_item_data in _columns:
                columns_item = SavedViewUpdateRequestInputColumnsItem(columns_item_data)

                columns.append(columns_item)

        show_in_sidebar = d.pop("show_in_sidebar", UNSET)

        saved_view_update_request_input = cls(
            name=name,
            query=query,
            columns=columns,
            show_in_sidebar=show_in_sidebar,
        )

        return saved_view_update_request_input
