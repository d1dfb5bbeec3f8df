from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ontology_report_input_labels_item_meaning_type_0 import (
        OntologyReportInputLabelsItemMeaningType0,
    )
    from ..models.ontology_report_input_labels_item_types_item import (
        OntologyReportInputLabelsItemTypesItem,
    )
    from ..models.ontology_report_warning_input import OntologyReportWarningInput


T = TypeVar("T", bound="OntologyReportInputLabelsItem")


@_attrs_define
class OntologyReportInputLabelsItem:
    """
    Attributes:
        name (str):
        path (list[str]): root first
        types (list[OntologyReportInputLabelsItemTypesItem]): the knowledge-base kinds the label is read as, best first
        meaning (None | OntologyReportInputLabelsItemMeaningType0): below the root: the kind the label's words read as a
            sentence are closest to (cosine similarity); null at the root
        warnings (list[OntologyReportWarningInput]):
    """

    name: str
    path: list[str]
    types: list[OntologyReportInputLabelsItemTypesItem]
    meaning: None | OntologyReportInputLabelsItemMeaningType0
    warnings: list[OntologyReportWarningInput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ontology_report_input_labels_item_meaning_type_0 import (
            OntologyReportInputLabelsItemMeaningType0,
        )

        name = self.name

        path = self.path

        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        meaning: dict[str, Any] | None
        if isinstance(self.meaning, OntologyReportInputLabelsItemMeaningType0):
            meaning = self.meaning.to_dict()
        else:
            meaning = self.meaning

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "path": path,
                "types": types,
                "meaning": meaning,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ontology_report_input_labels_item_meaning_type_0 import (
            OntologyReportInputLabelsItemMeaningType0,
        )
        from ..models.ontology_report_input_labels_item_types_item import (
            OntologyReportInputLabelsItemTypesItem,
        )
        from ..models.ontology_report_warning_input import OntologyReportWarningInput

        d = dict(src_dict)
        name = d.pop("name")

        path = cast(list[str], d.pop("path"))

        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = OntologyReportInputLabelsItemTypesItem.from_dict(
                types_item_data
            )

            types.append(types_item)

        def _parse_meaning(
            data: object,
        ) -> None | OntologyReportInputLabelsItemMeaningType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                meaning_type_0 = OntologyReportInputLabelsItemMeaningType0.from_dict(
                    data
                )

                return meaning_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OntologyReportInputLabelsItemMeaningType0, data)

        meaning = _parse_meaning(d.pop("meaning"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = OntologyReportWarningInput.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        ontology_report_input_labels_item = cls(
            name=name,
            path=path,
            types=types,
            meaning=meaning,
            warnings=warnings,
        )

        ontology_report_input_labels_item.additional_properties = d
        return ontology_report_input_labels_item

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
