from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ListExtractionRulesResponse200Page")


@_attrs_define
class ListExtractionRulesResponse200Page:
    """
    Attributes:
        number (int):
        size (int):
        total_elements (int):
        total_pages (int):
        total_exact (bool | Unset): present and false when total_elements is a lower bound: more rows match than were
            counted
    """

    number: int
    size: int
    total_elements: int
    total_pages: int
    total_exact: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        size = self.size

        total_elements = self.total_elements

        total_pages = self.total_pages

        total_exact = self.total_exact

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "size": size,
                "total_elements": total_elements,
                "total_pages": total_pages,
            }
        )
        if total_exact is not UNSET:
            field_dict["total_exact"] = total_exact

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        number = d.pop("number")

        size = d.pop("size")

        total_elements = d.pop("total_elements")

        total_pages = d.pop("total_pages")

        total_exact = d.pop("total_exact", UNSET)

        list_extraction_rules_response_200_page = cls(
            number=number,
            size=size,
            total_elements=total_elements,
            total_pages=total_pages,
            total_exact=total_exact,
        )

        return list_extraction_rules_response_200_page
