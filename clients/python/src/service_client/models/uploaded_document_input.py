from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.uploaded_document_input_status import UploadedDocumentInputStatus
from ..models.uploaded_document_input_step_type_0 import UploadedDocumentInputStepType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_benchmark_score_input import DocumentBenchmarkScoreInput
    from ..models.uploaded_document_input_classification_trace_item import (
        UploadedDocumentInputClassificationTraceItem,
    )
    from ..models.uploaded_document_input_extraction_type_0 import (
        UploadedDocumentInputExtractionType0,
    )
    from ..models.uploaded_document_input_metadata import UploadedDocumentInputMetadata
    from ..models.uploaded_document_input_search import UploadedDocumentInputSearch
    from ..models.uploaded_document_input_step_timings import (
        UploadedDocumentInputStepTimings,
    )


T = TypeVar("T", bound="UploadedDocumentInput")


@_attrs_define
class UploadedDocumentInput:
    """
    Attributes:
        id (UUID):
        filename (str):
        mime_type (None | str):
        size_bytes (int):
        sha256 (str):
        source_id (None | UUID):
        parent_document_id (None | UUID):
        status (UploadedDocumentInputStatus):
        step (None | UploadedDocumentInputStepType0): the step running, or the one that failed
        error (None | str):
        attempts (int):
        metadata (UploadedDocumentInputMetadata):
        labels (list[str]): label names on the chosen path, root first
        labels_confirmed (bool):
        label_confidence (float | None): the probability that `labels` is right: 1 once a person confirmed them, else
            the product of the classification levels' reported probabilities; null when unknown (not classified, a level
            without a probability, or stopped short of a leaf). Sort `label_confidence,asc` lists the least sure first
            (unknown first): the review order (docs/pipeline.md#the-review-order)
        llm_suggested (None | str):
        classification_trace (list[UploadedDocumentInputClassificationTraceItem]):
        ontology_version (int | None):
        extraction (None | UploadedDocumentInputExtractionType0):
        contract_id (None | UUID):
        benchmark_scores (list[DocumentBenchmarkScoreInput]): the document's score in the latest successful run of each
            benchmark
        step_timings (UploadedDocumentInputStepTimings): milliseconds per pipeline step of the last run
        created_at (str):
        processed_at (None | str):
        duplicate (bool): true when the same bytes were already a document of the organization
        search (UploadedDocumentInputSearch | Unset): present when the list was searched with `q`
    """

    id: UUID
    filename: str
    mime_type: None | str
    size_bytes: int
    sha256: str
    source_id: None | UUID
    parent_document_id: None | UUID
    status: UploadedDocumentInputStatus
    step: None | UploadedDocumentInputStepType0
    error: None | str
    attempts: int
    metadata: UploadedDocumentInputMetadata
    labels: list[str]
    labels_confirmed: bool
    label_confidence: float | None
    llm_suggested: None | str
    classification_trace: list[UploadedDocumentInputClassificationTraceItem]
    ontology_version: int | None
    extraction: None | UploadedDocumentInputExtractionType0
    contract_id: None | UUID
    benchmark_scores: list[DocumentBenchmarkScoreInput]
    step_timings: UploadedDocumentInputStepTimings
    created_at: str
    processed_at: None | str
    duplicate: bool
    search: UploadedDocumentInputSearch | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.uploaded_document_input_extraction_type_0 import (
            UploadedDocumentInputExtractionType0,
        )

        id = str(self.id)

        filename = self.filename

        mime_type: None | str
        mime_type = self.mime_type

        size_bytes = self.size_bytes

        sha256 = self.sha256

        source_id: None | str
        if isinstance(self.source_id, UUID):
            source_id = str(self.source_id)
        else:
            source_id = self.source_id

        parent_document_id: None | str
        if isinstance(self.parent_document_id, UUID):
            parent_document_id = str(self.parent_document_id)
        else:
            parent_document_id = self.parent_document_id

        status = self.status.value

        step: None | str
        if isinstance(self.step, UploadedDocumentInputStepType0):
            step = self.step.value
        else:
            step = self.step

        error: None | str
        error = self.error

        attempts = self.attempts

        metadata = self.metadata.to_dict()

        labels = self.labels

        labels_confirmed = self.labels_confirmed

        label_confidence: float | None
        label_confidence = self.label_confidence

        llm_suggested: None | str
        llm_suggested = self.llm_suggested

        classification_trace = []
        for classification_trace_item_data in self.classification_trace:
            classification_trace_item = classification_trace_item_data.to_dict()
            classification_trace.append(classification_trace_item)

        ontology_version: int | None
        ontology_version = self.ontology_version

        extraction: dict[str, Any] | None
        if isinstance(self.extraction, UploadedDocumentInputExtractionType0):
            extraction = self.extraction.to_dict()
        else:
            extraction = self.extraction

        contract_id: None | str
        if isinstance(self.contract_id, UUID):
            contract_id = str(self.contract_id)
        else:
            contract_id = self.contract_id

        benchmark_scores = []
        for benchmark_scores_item_data in self.benchmark_scores:
            benchmark_scores_item = benchmark_scores_item_data.to_dict()
            benchmark_scores.append(benchmark_scores_item)

        step_timings = self.step_timings.to_dict()

        created_at = self.created_at

        processed_at: None | str
        processed_at = self.processed_at

        duplicate = self.duplicate

        search: dict[str, Any] | Unset = UNSET
        if not isinstance(self.search, Unset):
            search = self.search.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "filename": filename,
                "mime_type": mime_type,
                "size_bytes": size_bytes,
                "sha256": sha256,
                "source_id": source_id,
                "parent_document_id": parent_document_id,
                "status": status,
                "step": step,
                "error": error,
                "attempts": attempts,
                "metadata": metadata,
                "labels": labels,
                "labels_confirmed": labels_confirmed,
                "label_confidence": label_confidence,
                "llm_suggested": llm_suggested,
                "classification_trace": classification_trace,
                "ontology_version": ontology_version,
                "extraction": extraction,
                "contract_id": contract_id,
                "benchmark_scores": benchmark_scores,
                "step_timings": step_timings,
                "created_at": created_at,
                "processed_at": processed_at,
                "duplicate": duplicate,
            }
        )
        if search is not UNSET:
            field_dict["search"] = search

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_benchmark_score_input import DocumentBenchmarkScoreInput
        from ..models.uploaded_document_input_classification_trace_item import (
            UploadedDocumentInputClassificationTraceItem,
        )
        from ..models.uploaded_document_input_extraction_type_0 import (
            UploadedDocumentInputExtractionType0,
        )
        from ..models.uploaded_document_input_metadata import (
            UploadedDocumentInputMetadata,
        )
        from ..models.uploaded_document_input_search import UploadedDocumentInputSearch
        from ..models.uploaded_document_input_step_timings import (
            UploadedDocumentInputStepTimings,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        filename = d.pop("filename")

        def _parse_mime_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mime_type = _parse_mime_type(d.pop("mime_type"))

        size_bytes = d.pop("size_bytes")

        sha256 = d.pop("sha256")

        def _parse_source_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_id_type_0 = UUID(data)

                return source_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        source_id = _parse_source_id(d.pop("source_id"))

        def _parse_parent_document_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                parent_document_id_type_0 = UUID(data)

                return parent_document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        parent_document_id = _parse_parent_document_id(d.pop("parent_document_id"))

        status = UploadedDocumentInputStatus(d.pop("status"))

        def _parse_step(data: object) -> None | UploadedDocumentInputStepType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_0 = UploadedDocumentInputStepType0(data)

                return step_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UploadedDocumentInputStepType0, data)

        step = _parse_step(d.pop("step"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        attempts = d.pop("attempts")

        metadata = UploadedDocumentInputMetadata.from_dict(d.pop("metadata"))

        labels = cast(list[str], d.pop("labels"))

        labels_confirmed = d.pop("labels_confirmed")

        def _parse_label_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        label_confidence = _parse_label_confidence(d.pop("label_confidence"))

        def _parse_llm_suggested(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        llm_suggested = _parse_llm_suggested(d.pop("llm_suggested"))

        classification_trace = []
        _classification_trace = d.pop("classification_trace")
        for classification_trace_item_data in _classification_trace:
            classification_trace_item = (
                UploadedDocumentInputClassificationTraceItem.from_dict(
                    classification_trace_item_data
                )
            )

            classification_trace.append(classification_trace_item)

        def _parse_ontology_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ontology_version = _parse_ontology_version(d.pop("ontology_version"))

        def _parse_extraction(
            data: object,
        ) -> None | UploadedDocumentInputExtractionType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                extraction_type_0 = UploadedDocumentInputExtractionType0.from_dict(data)

                return extraction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UploadedDocumentInputExtractionType0, data)

        extraction = _parse_extraction(d.pop("extraction"))

        def _parse_contract_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contract_id_type_0 = UUID(data)

                return contract_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contract_id = _parse_contract_id(d.pop("contract_id"))

        benchmark_scores = []
        _benchmark_scores = d.pop("benchmark_scores")
        for benchmark_scores_item_data in _benchmark_scores:
            benchmark_scores_item = DocumentBenchmarkScoreInput.from_dict(
                benchmark_scores_item_data
            )

            benchmark_scores.append(benchmark_scores_item)

        step_timings = UploadedDocumentInputStepTimings.from_dict(d.pop("step_timings"))

        created_at = d.pop("created_at")

        def _parse_processed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        duplicate = d.pop("duplicate")

        _search = d.pop("search", UNSET)
        search: UploadedDocumentInputSearch | Unset
        if isinstance(_search, Unset):
            search = UNSET
        else:
            search = UploadedDocumentInputSearch.from_dict(_search)

        uploaded_document_input = cls(
            id=id,
            filename=filename,
            mime_type=mime_type,
            size_bytes=size_bytes,
            sha256=sha256,
            source_id=source_id,
            parent_document_id=parent_document_id,
            status=status,
            step=step,
            error=error,
            attempts=attempts,
            metadata=metadata,
            labels=labels,
            labels_confirmed=labels_confirmed,
            label_confidence=label_confidence,
            llm_suggested=llm_suggested,
            classification_trace=classification_trace,
            ontology_version=ontology_version,
            extraction=extraction,
            contract_id=contract_id,
            benchmark_scores=benchmark_scores,
            step_timings=step_timings,
            created_at=created_at,
            processed_at=processed_at,
            duplicate=duplicate,
            search=search,
        )

        uploaded_document_input.additional_properties = d
        return uploaded_document_input

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
