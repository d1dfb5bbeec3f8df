from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.uploaded_document_input_extraction_type_0_confidence import (
        UploadedDocumentInputExtractionType0Confidence,
    )
    from ..models.uploaded_document_input_extraction_type_0_corrections import (
        UploadedDocumentInputExtractionType0Corrections,
    )
    from ..models.uploaded_document_input_extraction_type_0_data import (
        UploadedDocumentInputExtractionType0Data,
    )
    from ..models.uploaded_document_input_extraction_type_0_evidence import (
        UploadedDocumentInputExtractionType0Evidence,
    )


T = TypeVar("T", bound="UploadedDocumentInputExtractionType0")


@_attrs_define
class UploadedDocumentInputExtractionType0:
    """
    Attributes:
        data (UploadedDocumentInputExtractionType0Data):
        llm_fields (list[str]):
        document_type (None | str):
        evidence (UploadedDocumentInputExtractionType0Evidence):
        confidence (UploadedDocumentInputExtractionType0Confidence): per extracted field, the probability in [0, 1] that
            the value is right, as the plugin estimates it
        unsupported_fields (list[str]): requested fields the extraction plugin cannot read (and no LLM answered)
        plugin (str):
        corrections (UploadedDocumentInputExtractionType0Corrections): fields corrected in review (PATCH …/extraction),
            by field name
    """

    data: UploadedDocumentInputExtractionType0Data
    llm_fields: list[str]
    document_type: None | str
    evidence: UploadedDocumentInputExtractionType0Evidence
    confidence: UploadedDocumentInputExtractionType0Confidence
    unsupported_fields: list[str]
    plugin: str
    corrections: UploadedDocumentInputExtractionType0Corrections
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
        from ..models.uploaded_document_input_extraction_type_0_confidence import (
            UploadedDocumentInputExtractionType0Confidence,
        )
        from ..models.uploaded_document_input_extraction_type_0_corrections import (
            UploadedDocumentInputExtractionType0Corrections,
        )
        from ..models.uploaded_document_input_extraction_type_0_data import (
            UploadedDocumentInputExtractionType0Data,
        )
        from ..models.uploaded_document_input_extraction_type_0_evidence import (
            UploadedDocumentInputExtractionType0Evidence,
        )

        d = dict(src_dict)
        data = UploadedDocumentInputExtractionType0Data.from_dict(d.pop("data"))

        llm_fields = cast(list[str], d.pop("llm_fields"))

        def _parse_document_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        document_type = _parse_document_type(d.pop("document_type"))

        evidence = UploadedDocumentInputExtractionType0Evidence.from_dict(
            d.pop("evidence")
        )

        confidence = UploadedDocumentInputExtractionType0Confidence.from_dict(
            d.pop("confidence")
        )

        unsupported_fields = cast(list[str], d.pop("unsupported_fields"))

        plugin = d.pop("plugin")

        corrections = UploadedDocumentInputExtractionType0Corrections.from_dict(
            d.pop("corrections")
        )

        uploaded_document_input_extraction_type_0 = cls(
            data=data,
            llm_fields=llm_fields,
            document_type=document_type,
            evidence=evidence,
            confidence=confidence,
            unsupported_fields=unsupported_fields,
            plugin=plugin,
            corrections=corrections,
        )

        uploaded_document_input_extraction_type_0.additional_properties = d
        return uploaded_document_input_extraction_type_0

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
