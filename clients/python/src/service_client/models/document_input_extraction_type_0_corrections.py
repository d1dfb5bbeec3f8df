from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.document_input_extraction_type_0_corrections_additional_property import (
        DocumentInputExtractionType0CorrectionsAdditionalProperty,
    )


T = TypeVar("T", bound="DocumentInputExtractionType0Corrections")


@_attrs_define
class DocumentInputExtractionType0Corrections:
    """fields corrected in review (PATCH …/extraction), by field name"""

    additional_properties: dict[
        str, DocumentInputExtractionType0CorrectionsAdditionalProperty
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_input_extraction_type_0_corrections_additional_property import (
            DocumentInputExtractionType0CorrectionsAdditionalProperty,
        )

        d = dict(src_dict)
        document_input_extraction_type_0_corrections = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = (
                DocumentInputExtractionType0CorrectionsAdditionalProperty.from_dict(
                    prop_dict
                )
            )

            additional_properties[prop_name] = additional_property

        document_input_extraction_type_0_corrections.additional_properties = (
            additional_properties
        )
        return document_input_extraction_type_0_corrections

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> DocumentInputExtractionType0CorrectionsAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: DocumentInputExtractionType0CorrectionsAdditionalProperty
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
