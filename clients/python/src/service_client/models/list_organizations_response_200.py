from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_organizations_response_200_page import (
        ListOrganizationsResponse200Page,
    )
    from ..models.organization import Organization


T = TypeVar("T", bound="ListOrganizationsResponse200")


@_attrs_define
class ListOrganizationsResponse200:
    """
    Attributes:
        content (list[Organization]):
        page (ListOrganizationsResponse200Page):
    """

    content: list[Organization]
    page: ListOrganizationsResponse200Page

    def to_dict(self) -> dict[str, Any]:
        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        page = self.page.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
                "page": page,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_organizations_response_200_page import (
            ListOrganizationsResponse200Page,
        )
        from ..models.organization import Organization

        d = dict(src_dict)
        content = []
        _content = d.pop("content")
        for content_item_data in _content:
            content_item = Organization.from_dict(content_item_data)

            content.append(content_item)

        page = ListOrganizationsResponse200Page.from_dict(d.pop("page"))

        list_organizations_response_200 = cls(
            content=content,
            page=page,
        )

        return list_organizations_response_200
