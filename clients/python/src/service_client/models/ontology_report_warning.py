from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ontology_report_warning_code import OntologyReportWarningCode

T = TypeVar("T", bound="OntologyReportWarning")


@_attrs_define
class OntologyReportWarning:
    """
    Attributes:
        code (OntologyReportWarningCode): docs/pipeline.md "The ontology report"
        label (str):
        message (str): what is wrong and what to do, in a sentence
        related (list[str]): the other labels concerned (e.g. the sibling of the same kind)
    """

    code: OntologyReportWarningCode
    label: str
    message: str
    related: list[str]

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        label = self.label

        message = self.message

        related = self.related

        field_dict: dict[str, Any] = {}

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
        code = OntologyReportWarningCode(d.pop("code"))

        label = d.pop("label")

        message = d.pop("message")

        related = cast(list[str], d.pop("related"))

        ontology_report_warning = cls(
            code=code,
            label=label,
            message=message,
            related=related,
        )

        return ontology_report_warning
