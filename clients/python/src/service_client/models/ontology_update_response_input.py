from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ontology_label_input import OntologyLabelInput
    from ..models.ontology_report_input import OntologyReportInput


T = TypeVar("T", bound="OntologyUpdateResponseInput")


@_attrs_define
class OntologyUpdateResponseInput:
    """
    Attributes:
        version (int): returned; ignored on PUT
        labels (list[OntologyLabelInput]):
        report (None | OntologyReportInput | Unset): with `?report=true` only: how the built-in classifier reads the
            saved labels; null when it could not be made
    """

    version: int
    labels: list[OntologyLabelInput]
    report: None | OntologyReportInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ontology_report_input import OntologyReportInput

        version = self.version

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        report: dict[str, Any] | None | Unset
        if isinstance(self.report, Unset):
            report = UNSET
        elif isinstance(self.report, OntologyReportInput):
            report = self.report.to_dict()
        else:
            report = self.report

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "labels": labels,
            }
        )
        if report is not UNSET:
            field_dict["report"] = report

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_label_input import OntologyLabelInput
        from ..models.ontology_report_input import OntologyReportInput

        d = dict(src_dict)
        version = d.pop("version")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyLabelInput.from_dict(labels_item_data)

            labels.append(labels_item)

        def _parse_report(data: object) -> None | OntologyReportInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_0 = OntologyReportInput.from_dict(data)

                return report_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OntologyReportInput | Unset, data)

        report = _parse_report(d.pop("report", UNSET))

        ontology_update_response_input = cls(
            version=version,
            labels=labels,
            report=report,
        )

        ontology_update_response_input.additional_properties = d
        return ontology_update_response_input

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
