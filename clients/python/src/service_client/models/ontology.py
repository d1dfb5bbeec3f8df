from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ontology_label import OntologyLabel


T = TypeVar("T", bound="Ontology")


@_attrs_define
class Ontology:
    """
    Attributes:
        version (int): returned; ignored on PUT
        labels (list[OntologyLabel]):
    """

    version: int
    labels: list[OntologyLabel]

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "labels": labels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_label import OntologyLabel

        d = dict(src_dict)
        version = d.pop("version")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyLabel.from_dict(labels_item_data)

            labels.append(labels_item)

        ontology = cls(
            version=version,
            labels=labels,
        )

        return ontology
