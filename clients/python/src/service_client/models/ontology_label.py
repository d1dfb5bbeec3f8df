from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ontology_label_fields_item import OntologyLabelFieldsItem


T = TypeVar("T", bound="OntologyLabel")


@_attrs_define
class OntologyLabel:
    """
    Attributes:
        name (str):
        description (str):  Default: ''.
        keywords (list[str]):
        fields (list[OntologyLabelFieldsItem]):
        children (list[OntologyLabel]):
    """

    name: str
    keywords: list[str]
    fields: list[OntologyLabelFieldsItem]
    children: list[OntologyLabel]
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        keywords = self.keywords

        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        children = []
        for children_item_data in self.children:
            children_item = children_item_data.to_dict()
            children.append(children_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "description": description,
                "keywords": keywords,
                "fields": fields,
                "children": children,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_label_fields_item import OntologyLabelFieldsItem

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        keywords = cast(list[str], d.pop("keywords"))

        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = OntologyLabelFieldsItem.from_dict(fields_item_data)

            fields.append(fields_item)

        children = []
        _children = d.pop("children")
        for children_item_data in _children:
            children_item = OntologyLabel.from_dict(children_item_data)

            children.append(children_item)

        ontology_label = cls(
            name=name,
            description=description,
            keywords=keywords,
            fields=fields,
            children=children,
        )

        return ontology_label
