from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ontology_report_warning_input_code import OntologyReportWarningInputCode

T = TypeVar("T", bound="OntologyReportWarningInput")


@_attrs_define
class OntologyReportWarningInput:
    """
    Attributes:
        code (OntologyReportWarningInputCode): docs/pipeline.md "The ontology report"
        label (str):
        message (str): what is wrong and what to do, in a sentence
        related (list[str]): the other labels concerned (e.g. the sibling of the same kind)
    """

    code: OntologyReportWarningInputCode
    label: str
    message: str
    related: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        label = self.label

        message = self.message

        related = self.related

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "label": label,
                "message": message,
                "related": related,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = OntologyReportWarningInputCode(d.pop("code"))

        label = d.pop("label")

        message = d.pop("message")

        related = cast(list[str], d.pop("related"))

        ontology_report_warning_input = cls(
            code=code,
            label=label,
            message=message,
            related=related,
        )

        ontology_report_warning_input.additional_properties = d
        return ontology_report_warning_input

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
