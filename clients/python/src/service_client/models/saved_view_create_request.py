from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.saved_view_create_request_columns_item import (
    SavedViewCreateRequestColumnsItem,
)
from ..models.saved_view_create_request_resource import SavedViewCreateRequestResource

if TYPE_CHECKING:
    from ..models.saved_view_create_request_query import SavedViewCreateRequestQuery


T = TypeVar("T", bound="SavedViewCreateRequest")


@_attrs_define
class SavedViewCreateRequest:
    """
    Attributes:
        name (str):
        query (SavedViewCreateRequestQuery):
        columns (list[SavedViewCreateRequestColumnsItem]): shown in this order
        show_in_sidebar (bool):  Default: True.
        resource (SavedViewCreateRequestResource):  Default: SavedViewCreateRequestResource.DOCUMENTS.
    """

    name: str
    query: SavedViewCreateRequestQuery
    columns: list[SavedViewCreateRequestColumnsItem]
    show_in_sidebar: bool = True
    resource: SavedViewCreateRequestResource = SavedViewCreateRequestResource.DOCUMENTS

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        query = self.query.to_dict()

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.value
            columns.append(columns_item)

        show_in_sidebar = self.show_in_sidebar

        resource = self.resource.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "query": query,
                "columns": columns,
                "show_in_sidebar": show_in_sidebar,
                "resource": resource,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_view_create_request_query import SavedViewCreateRequestQuery

        d = dict(src_dict)
        name = d.pop("name")

        query = SavedViewCreateRequestQuery.from_dict(d.pop("query"))

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = SavedViewCreateRequestColumnsItem(columns_item_data)

            columns.append(columns_item)

        show_in_sidebar = d.pop("show_in_sidebar")

        resource = SavedViewCreateRequestResource(d.pop("resource"))

        saved_view_create_request = cls(
            name=name,
            query=query,
            columns=columns,
            show_in_sidebar=show_in_sidebar,
            resource=resource,
        )

        return saved_view_create_request
