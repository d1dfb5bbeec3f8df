from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.saved_view_input_columns_item import SavedViewInputColumnsItem
from ..models.saved_view_input_resource import SavedViewInputResource

if TYPE_CHECKING:
    from ..models.saved_view_input_query import SavedViewInputQuery


T = TypeVar("T", bound="SavedViewInput")


@_attrs_define
class SavedViewInput:
    """
    Attributes:
        id (UUID):
        name (str):
        resource (SavedViewInputResource):
        query (SavedViewInputQuery): the filters and sort of the list (`q`, `status`, `label`, `source_id`, `sort`,
            `dir`)
        columns (list[SavedViewInputColumnsItem]):
        show_in_sidebar (bool):
        created_at (str):
        updated_at (str):
    """

    id: UUID
    name: str
    resource: SavedViewInputResource
    query: SavedViewInputQuery
    columns: list[SavedViewInputColumnsItem]
    show_in_sidebar: bool
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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
        from ..models.saved_view_input_query import SavedViewInputQuery

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        resource = SavedViewInputResource(d.pop("resource"))

        query = SavedViewInputQuery.from_dict(d.pop("query"))

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = SavedViewInputColumnsItem(columns_item_data)

            columns.append(columns_item)

        show_in_sidebar = d.pop("show_in_sidebar")

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        saved_view_input = cls(
            id=id,
            name=name,
            resource=resource,
            query=query,
            columns=columns,
            show_in_sidebar=show_in_sidebar,
            created_at=created_at,
            updated_at=updated_at,
        )

        saved_view_input.additional_properties = d
        return saved_view_input

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
