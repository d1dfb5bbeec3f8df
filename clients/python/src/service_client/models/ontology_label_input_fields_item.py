from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.ontology_label_input_fields_item_dtype import (
    OntologyLabelInputFieldsItemDtype,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="OntologyLabelInputFieldsItem")


@_attrs_define
class OntologyLabelInputFieldsItem:
    """
    Attributes:
        name (str):
        dtype (OntologyLabelInputFieldsItemDtype):
        description (str | Unset):  Default: ''.
    """

    name: str
    dtype: OntologyLabelInputFieldsItemDtype
    description: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        dtype = self.dtype.value

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "dtype": dtype,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        dtype = OntologyLabelInputFieldsItemDtype(d.pop("dtype"))

        description = d.pop("description", UNSET)

        ontology_label_input_fields_item = cls(
            name=name,
            dtype=dtype,
            description=description,
        )

        return ontology_label_input_fields_item
