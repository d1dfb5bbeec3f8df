from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ontology_label_input import OntologyLabelInput


T = TypeVar("T", bound="OntologyInput")


@_attrs_define
class OntologyInput:
    """
    Attributes:
        version (int): returned; ignored on PUT
        labels (list[OntologyLabelInput]):
    """

    version: int
    labels: list[OntologyLabelInput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "labels": labels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_label_input import OntologyLabelInput

        d = dict(src_dict)
        version = d.pop("version")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyLabelInput.from_dict(labels_item_data)

            labels.append(labels_item)

        ontology_input = cls(
            version=version,
            labels=labels,
        )

        ontology_input.additional_properties = d
        return ontology_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
