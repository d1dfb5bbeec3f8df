from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ontology_report_input_labels_item import OntologyReportInputLabelsItem
    from ..models.ontology_report_warning_input import OntologyReportWarningInput


T = TypeVar("T", bound="OntologyReportInput")


@_attrs_define
class OntologyReportInput:
    """
    Attributes:
        version (int): the ontology version reported on
        labels (list[OntologyReportInputLabelsItem]):
        warnings (list[OntologyReportWarningInput]): every label's warnings
    """

    version: int
    labels: list[OntologyReportInputLabelsItem]
    warnings: list[OntologyReportWarningInput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "labels": labels,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_report_input_labels_item import (
            OntologyReportInputLabelsItem,
        )
        from ..models.ontology_report_warning_input import OntologyReportWarningInput

        d = dict(src_dict)
        version = d.pop("version")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyReportInputLabelsItem.from_dict(labels_item_data)

            labels.append(labels_item)

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = OntologyReportWarningInput.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        ontology_report_input = cls(
            version=version,
            labels=labels,
            warnings=warnings,
        )

        ontology_report_input.additional_properties = d
        return ontology_report_input

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
