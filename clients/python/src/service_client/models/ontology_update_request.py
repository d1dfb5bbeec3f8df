from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ontology_label import OntologyLabel


T = TypeVar("T", bound="OntologyUpdateRequest")


@_attrs_define
class OntologyUpdateRequest:
    """
    Attributes:
        labels (list[OntologyLabel]):
        version (int | Unset):
    """

    labels: list[OntologyLabel]
    version: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "labels": labels,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_label import OntologyLabel

        d = dict(src_dict)
        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyLabel.from_dict(labels_item_data)

            labels.append(labels_item)

        version = d.pop("version", UNSET)

        ontology_update_request = cls(
            labels=labels,
            version=version,
        )

        return ontology_update_request
