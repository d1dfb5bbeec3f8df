from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.document_input_extraction_type_0_confidence import (
        DocumentInputExtractionType0Confidence,
    )
    from ..models.document_input_extraction_type_0_corrections import (
        DocumentInputExtractionType0Corrections,
    )
    from ..models.document_input_extraction_type_0_data import (
        DocumentInputExtractionType0Data,
    )
    from ..models.document_input_extraction_type_0_evidence import (
        DocumentInputExtractionType0Evidence,
    )


T = TypeVar("T", bound="DocumentInputExtractionType0")


@_attrs_define
class DocumentInputExtractionType0:
    """
    Attributes:
        data (DocumentInputExtractionType0Data):
        llm_fields (list[str]):
        document_type (None | str):
        evidence (DocumentInputExtractionType0Evidence):
        confidence (DocumentInputExtractionType0Confidence): per extracted field, the probability in [0, 1] that the
            value is right, as the plugin estimates it
        unsupported_fields (list[str]): requested fields the extraction plugin cannot read (and no LLM answered)
        plugin (str):
        corrections (DocumentInputExtractionType0Corrections): fields corrected in review (PATCH …/extraction), by field
            name
    """

    data: DocumentInputExtractionType0Data
    llm_fields: list[str]
    document_type: None | str
    evidence: DocumentInputExtractionType0Evidence
    confidence: DocumentInputExtractionType0Confidence
    unsupported_fields: list[str]
    plugin: str
    corrections: DocumentInputExtractionType0Corrections
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        llm_fields = self.llm_fields

        document_type: None | str
        document_type = self.document_type

        evidence = self.evidence.to_dict()

        confidence = self.confidence.to_dict()

        unsupported_fields = self.unsupported_fields

        plugin = self.plugin

        corrections = self.corrections.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "llm_fields": llm_fields,
                "document_type": document_type,
                "evidence": evidence,
                "confidence": confidence,
                "unsupported_fields": unsupported_fields,
                "plugin": plugin,
                "corrections": corrections,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_input_extraction_type_0_confidence import (
            DocumentInputExtractionType0Confidence,
        )
        from ..models.document_input_extraction_type_0_corrections import (
            DocumentInputExtractionType0Corrections,
        )
        from ..models.document_input_extraction_type_0_data import (
            DocumentInputExtractionType0Data,
        )
        from ..models.document_input_extraction_type_0_evidence import (
            DocumentInputExtractionType0Evidence,
        )

        d = dict(src_dict)
        data = DocumentInputExtractionType0Data.from_dict(d.pop("data"))

        llm_fields = cast(list[str], d.pop("llm_fields"))

        def _parse_document_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        document_type = _parse_document_type(d.pop("document_type"))

        evidence = DocumentInputExtractionType0Evidence.from_dict(d.pop("evidence"))

        confidence = DocumentInputExtractionType0Confidence.from_dict(
            d.pop("confidence")
        )

        unsupported_fields = cast(list[str], d.pop("unsupported_fields"))

        plugin = d.pop("plugin")

        corrections = DocumentInputExtractionType0Corrections.from_dict(
            d.pop("corrections")
        )

        document_input_extraction_type_0 = cls(
            data=data,
            llm_fields=llm_fields,
            document_type=document_type,
            evidence=evidence,
            confidence=confidence,
            unsupported_fields=unsupported_fields,
            plugin=plugin,
            corrections=corrections,
        )

        document_input_extraction_type_0.additional_properties = d
        return document_input_extraction_type_0

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
