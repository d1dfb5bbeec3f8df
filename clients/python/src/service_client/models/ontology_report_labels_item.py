from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ontology_report_labels_item_meaning_type_0 import (
        OntologyReportLabelsItemMeaningType0,
    )
    from ..models.ontology_report_labels_item_types_item import (
        OntologyReportLabelsItemTypesItem,
    )
    from ..models.ontology_report_warning import OntologyReportWarning


T = TypeVar("T", bound="OntologyReportLabelsItem")


@_attrs_define
class OntologyReportLabelsItem:
    """
    Attributes:
        name (str):
        path (list[str]): root first
        types (list[OntologyReportLabelsItemTypesItem]): the knowledge-base kinds the label is read as, best first
        meaning (None | OntologyReportLabelsItemMeaningType0): below the root: the kind the label's words read as a
            sentence are closest to (cosine similarity); null at the root
        warnings (list[OntologyReportWarning]):
    """

    name: str
    path: list[str]
    types: list[OntologyReportLabelsItemTypesItem]
    meaning: None | OntologyReportLabelsItemMeaningType0
    warnings: list[OntologyReportWarning]

    def to_dict(self) -> dict[str, Any]:
        from ..models.ontology_report_labels_item_meaning_type_0 import (
            OntologyReportLabelsItemMeaningType0,
        )

        name = self.name

        path = self.path

        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        meaning: dict[str, Any] | None
        if isinstance(self.meaning, OntologyReportLabelsItemMeaningType0):
            meaning = self.meaning.to_dict()
        else:
            meaning = self.meaning

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}

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
        from ..models.ontology_report_labels_item_meaning_type_0 import (
            OntologyReportLabelsItemMeaningType0,
        )
        from ..models.ontology_report_labels_item_types_item import (
            OntologyReportLabelsItemTypesItem,
        )
        from ..models.ontology_report_warning import OntologyReportWarning

        d = dict(src_dict)
        name = d.pop("name")

        path = cast(list[str], d.pop("path"))

        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = OntologyReportLabelsItemTypesItem.from_dict(types_item_data)

            types.append(types_item)

        def _parse_meaning(data: object) -> None | OntologyReportLabelsItemMeaningType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                meaning_type_0 = OntologyReportLabelsItemMeaningType0.from_dict(data)

                return meaning_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OntologyReportLabelsItemMeaningType0, data)

        meaning = _parse_meaning(d.pop("meaning"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = OntologyReportWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        ontology_report_labels_item = cls(
            name=name,
            path=path,
            types=types,
            meaning=meaning,
            warnings=warnings,
        )

        return ontology_report_labels_item
