from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OntologyReportLabelsItemMeaningType0")


@_attrs_define
class OntologyReportLabelsItemMeaningType0:
    """
    Attributes:
        type_ (str):
        similarity (float):
    """

    type_: str
    similarity: float

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        similarity = self.similarity

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "similarity": similarity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = d.pop("type")

        similarity = d.pop("similarity")

        ontology_report_labels_item_meaning_type_0 = cls(
            type_=type_,
            similarity=similarity,
        )

        return ontology_report_labels_item_meaning_type_0
