from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.document_extraction_type_0_confidence import (
        DocumentExtractionType0Confidence,
    )
    from ..models.document_extraction_type_0_corrections import (
        DocumentExtractionType0Corrections,
    )
    from ..models.document_extraction_type_0_data import DocumentExtractionType0Data
    from ..models.document_extraction_type_0_evidence import (
        DocumentExtractionType0Evidence,
    )


T = TypeVar("T", bound="DocumentExtractionType0")


@_attrs_define
class DocumentExtractionType0:
    """
    Attributes:
        data (DocumentExtractionType0Data):
        llm_fields (list[str]):
        document_type (None | str):
        evidence (DocumentExtractionType0Evidence):
        confidence (DocumentExtractionType0Confidence): per extracted field, the probability in [0, 1] that the value is
            right, as the plugin estimates it
        unsupported_fields (list[str]): requested fields the extraction plugin cannot read (and no LLM answered)
        plugin (str):
        corrections (DocumentExtractionType0Corrections): fields corrected in review (PATCH …/extraction), by field name
    """

    data: DocumentExtractionType0Data
    llm_fields: list[str]
    document_type: None | str
    evidence: DocumentExtractionType0Evidence
    confidence: DocumentExtractionType0Confidence
    unsupported_fields: list[str]
    plugin: str
    corrections: DocumentExtractionType0Corrections

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
        from ..models.document_extraction_type_0_confidence import (
            DocumentExtractionType0Confidence,
        )
        from ..models.document_extraction_type_0_corrections import (
            DocumentExtractionType0Corrections,
        )
        from ..models.document_extraction_type_0_data import DocumentExtractionType0Data
        from ..models.document_extraction_type_0_evidence import (
            DocumentExtractionType0Evidence,
        )

        d = dict(src_dict)
        data = DocumentExtractionType0Data.from_dict(d.pop("data"))

        llm_fields = cast(list[str], d.pop("llm_fields"))

        def _parse_document_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        document_type = _parse_document_type(d.pop("document_type"))

        evidence = DocumentExtractionType0Evidence.from_dict(d.pop("evidence"))

        confidence = DocumentExtractionType0Confidence.from_dict(d.pop("confidence"))

        unsupported_fields = cast(list[str], d.pop("unsupported_fields"))

        plugin = d.pop("plugin")

        corrections = DocumentExtractionType0Corrections.from_dict(d.pop("corrections"))

        document_extraction_type_0 = cls(
            data=data,
            llm_fields=llm_fields,
            document_type=document_type,
            evidence=evidence,
            confidence=confidence,
            unsupported_fields=unsupported_fields,
            plugin=plugin,
            corrections=corrections,
        )

        return document_extraction_type_0
