from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ontology_report_labels_item import OntologyReportLabelsItem
    from ..models.ontology_report_warning import OntologyReportWarning


T = TypeVar("T", bound="OntologyReport")


@_attrs_define
class OntologyReport:
    """
    Attributes:
        version (int): the ontology version reported on
        labels (list[OntologyReportLabelsItem]):
        warnings (list[OntologyReportWarning]): every label's warnings
    """

    version: int
    labels: list[OntologyReportLabelsItem]
    warnings: list[OntologyReportWarning]

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
        from ..models.ontology_report_labels_item import OntologyReportLabelsItem
        from ..models.ontology_report_warning import OntologyReportWarning

        d = dict(src_dict)
        version = d.pop("version")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyReportLabelsItem.from_dict(labels_item_data)

            labels.append(labels_item)

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = OntologyReportWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        ontology_report = cls(
            version=version,
            labels=labels,
            warnings=warnings,
        )

        return ontology_report
