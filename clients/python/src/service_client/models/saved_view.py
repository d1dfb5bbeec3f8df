from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.saved_view_columns_item import SavedViewColumnsItem
from ..models.saved_view_resource import SavedViewResource

if TYPE_CHECKING:
    from ..models.saved_view_query import SavedViewQuery


T = TypeVar("T", bound="SavedView")


@_attrs_define
class SavedView:
    """
    Attributes:
        id (UUID):
        name (str):
        resource (SavedViewResource):
        query (SavedViewQuery): the filters and sort of the list (`q`, `status`, `label`, `source_id`, `sort`, `dir`)
        columns (list[SavedViewColumnsItem]):
        show_in_sidebar (bool):
        created_at (str):
        updated_at (str):
    """

    id: UUID
    name: str
    resource: SavedViewResource
    query: SavedViewQuery
    columns: list[SavedViewColumnsItem]
    show_in_sidebar: bool
    created_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        resource = self.resource.value

        query = self.query.to_dict()

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.value
            columns.append(columns_item)

        show_in_sidebar = self.show_in_sidebar

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "resource": resource,
                "query": query,
                "columns": columns,
                "show_in_sidebar": show_in_sidebar,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_view_query import SavedViewQuery

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        resource = SavedViewResource(d.pop("resource"))

        query = SavedViewQuery.from_dict(d.pop("query"))

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = SavedViewColumnsItem(columns_item_data)

            columns.append(columns_item)

        show_in_sidebar = d.pop("show_in_sidebar")

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        saved_view = cls(
            id=id,
            name=name,
            resource=resource,
            query=query,
            columns=columns,
            show_in_sidebar=show_in_sidebar,
            created_at=created_at,
            updated_at=updated_at,
        )

        return saved_view
