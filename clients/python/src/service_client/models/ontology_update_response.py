from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ontology_label import OntologyLabel
    from ..models.ontology_report import OntologyReport


T = TypeVar("T", bound="OntologyUpdateResponse")


@_attrs_define
class OntologyUpdateResponse:
    """
    Attributes:
        version (int): returned; ignored on PUT
        labels (list[OntologyLabel]):
        report (None | OntologyReport | Unset): with `?report=true` only: how the built-in classifier reads the saved
            labels; null when it could not be made
    """

    version: int
    labels: list[OntologyLabel]
    report: None | OntologyReport | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.ontology_report import OntologyReport

        version = self.version

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        report: dict[str, Any] | None | Unset
        if isinstance(self.report, Unset):
            report = UNSET
        elif isinstance(self.report, OntologyReport):
            report = self.report.to_dict()
        else:
            report = self.report

        field_dict: dict[str, Any] = {}

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
        from ..models.ontology_label import OntologyLabel
        from ..models.ontology_report import OntologyReport

        d = dict(src_dict)
        version = d.pop("version")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = OntologyLabel.from_dict(labels_item_data)

            labels.append(labels_item)

        def _parse_report(data: object) -> None | OntologyReport | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_0 = OntologyReport.from_dict(data)

                return report_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OntologyReport | Unset, data)

        report = _parse_report(d.pop("report", UNSET))

        ontology_update_response = cls(
            version=version,
            labels=labels,
            report=report,
        )

        return ontology_update_response
