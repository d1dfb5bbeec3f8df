from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ontology_label_input_fields_item import OntologyLabelInputFieldsItem


T = TypeVar("T", bound="OntologyLabelInput")


@_attrs_define
class OntologyLabelInput:
    """
    Attributes:
        name (str):
        description (str | Unset):  Default: ''.
        keywords (list[str] | Unset):
        fields (list[OntologyLabelInputFieldsItem] | Unset):
        children (list[OntologyLabelInput] | Unset):
    """

    name: str
    description: str | Unset = ""
    keywords: list[str] | Unset = UNSET
    fields: list[OntologyLabelInputFieldsItem] | Unset = UNSET
    children: list[OntologyLabelInput] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        keywords: list[str] | Unset = UNSET
        if not isinstance(self.keywords, Unset):
            keywords = self.keywords

        fields: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.to_dict()
                fields.append(fields_item)

        children: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.children, Unset):
            children = []
            for children_item_data in self.children:
                children_item = children_item_data.to_dict()
                children.append(children_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if keywords is not UNSET:
            field_dict["keywords"] = keywords
        if fields is not UNSET:
            field_dict["fields"] = fields
        if children is not UNSET:
            field_dict["children"] = children

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_label_input_fields_item import (
            OntologyLabelInputFieldsItem,
        )

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description", UNSET)

        keywords = cast(list[str], d.pop("keywords", UNSET))

        _fields = d.pop("fields", UNSET)
        fields: list[OntologyLabelInputFieldsItem] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = OntologyLabelInputFieldsItem.from_dict(fields_item_data)

                fields.append(fields_item)

        _children = d.pop("children", UNSET)
        children: list[OntologyLabelInput] | Unset = UNSET
        if _children is not UNSET:
            children = []
            for children_item_data in _children:
                children_item = OntologyLabelInput.from_dict(children_item_data)

                children.append(children_item)

        ontology_label_input = cls(
            name=name,
            description=description,
            keywords=keywords,
            fields=fields,
            children=children,
        )

        return ontology_label_input
