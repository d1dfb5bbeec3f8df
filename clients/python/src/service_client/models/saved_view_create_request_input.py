from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.saved_view_create_request_input_columns_item import (
    SavedViewCreateRequestInputColumnsItem,
)
from ..models.saved_view_create_request_input_resource import (
    SavedViewCreateRequestInputResource,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.saved_view_create_request_input_query import (
        SavedViewCreateRequestInputQuery,
    )


T = TypeVar("T", bound="SavedViewCreateRequestInput")


@_attrs_define
class SavedViewCreateRequestInput:
    """
    Attributes:
        name (str):
        query (SavedViewCreateRequestInputQuery | Unset):
        columns (list[SavedViewCreateRequestInputColumnsItem] | Unset): shown in this order
        show_in_sidebar (bool | Unset):  Default: True.
        resource (SavedViewCreateRequestInputResource | Unset):  Default: SavedViewCreateRequestInputResource.DOCUMENTS.
    """

    name: str
    query: SavedViewCreateRequestInputQuery | Unset = UNSET
    columns: list[SavedViewCreateRequestInputColumnsItem] | Unset = UNSET
    show_in_sidebar: bool | Unset = True
    resource: SavedViewCreateRequestInputResource | Unset = (
        SavedViewCreateRequestInputResource.DOCUMENTS
    )

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

        resource: str | Unset = UNSET
        if not isinstance(self.resource, Unset):
            resource = self.resource.value

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
        if resource is not UNSET:
            field_dict["resource"] = resource

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_view_create_request_input_query import (
            SavedViewCreateRequestInputQuery,
        )

        d = dict(src_dict)
        name = d.pop("name")

        _query = d.pop("query", UNSET)
        query: SavedViewCreateRequestInputQuery | Unset
        if isinstance(_query, Unset):
            query = UNSET
        else:
            query = SavedViewCreateRequestInputQuery.from_dict(_query)

        _columns = d.pop("columns", UNSET)
        columns: list[SavedViewCreateRequestInputColumnsItem] | Unset = UNSET
        if _columns is not UNSET:
            columns = []
            for columns_item_data in _columns:
                columns_item = SavedViewCreateRequestInputColumnsItem(columns_item_data)

                columns.append(columns_item)

        show_in_sidebar = d.pop("show_in_sidebar", UNSET)

        _resource = d.pop("resource", UNSET)
        resource: SavedViewCreateRequestInputResource | Unset
        if isinstance(_resource, Unset):
            resource = UNSET
        else:
            resource = SavedViewCreateRequestInputResource(_resource)

        saved_view_create_request_input = cls(
            name=name,
            query=query,
            columns=columns,
            show_in_sidebar=show_in_sidebar,
            resource=resource,
        )

        return saved_view_create_request_input
