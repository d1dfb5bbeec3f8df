from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.ontology_label_fields_item_dtype import OntologyLabelFieldsItemDtype

T = TypeVar("T", bound="OntologyLabelFieldsItem")


@_attrs_define
class OntologyLabelFieldsItem:
    """
    Attributes:
        name (str):
        dtype (OntologyLabelFieldsItemDtype):
        description (str):  Default: ''.
    """

    name: str
    dtype: OntologyLabelFieldsItemDtype
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        dtype = self.dtype.value

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "dtype": dtype,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        dtype = OntologyLabelFieldsItemDtype(d.pop("dtype"))

        description = d.pop("description")

        ontology_label_fields_item = cls(
            name=name,
            dtype=dtype,
            description=description,
        )

        return ontology_label_fields_item
