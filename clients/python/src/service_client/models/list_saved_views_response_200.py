from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.saved_view import SavedView


T = TypeVar("T", bound="ListSavedViewsResponse200")


@_attrs_define
class ListSavedViewsResponse200:
    """
    Attributes:
        content (list[SavedView]):
    """

    content: list[SavedView]

    def to_dict(self) -> dict[str, Any]:
        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.saved_view import SavedView

        d = dict(src_dict)
        content = []
        _content = d.pop("content")
        for content_item_data in _content:
            content_item = SavedView.from_dict(content_item_data)

            content.append(content_item)

        list_saved_views_response_200 = cls(
            content=content,
        )

        return list_saved_views_response_200
