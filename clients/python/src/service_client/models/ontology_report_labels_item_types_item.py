from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OntologyReportLabelsItemTypesItem")


@_attrs_define
class OntologyReportLabelsItemTypesItem:
    """
    Attributes:
        type_ (str):
        score (float):
    """

    type_: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = d.pop("type")

        score = d.pop("score")

        ontology_report_labels_item_types_item = cls(
            type_=type_,
            score=score,
        )

        return ontology_report_labels_item_types_item
