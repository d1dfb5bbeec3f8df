"""Documents as plugins see them: the parsed document, a new one a source yields, and the
extended and scored documents of benchmarks."""

from __future__ import annotations

import base64
import dataclasses
import math
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..fields import aliases_of, normalize_key
from ._values import _dict, _opt_str, _parse_datetime, _str_list


@dataclasses.dataclass
class Document:
    """The document being processed, as the engine stored and parsed it.

    Attributes:
        id: document UUID.
        filename: original file name.
        mime_type: detected MIME type, or ``None`` when unknown.
        text: full parsed text ("" when the file has no text layer).
        pages: parsed text per page (``[]`` when the format has no pages).
        labels: label names on the chosen classification path, root first; empty until
            the document is classified.
        metadata: free-form metadata, e.g. ``{"source_id": ...}`` from the source.
        source_id: UUID of the source connection, or ``None`` (manual upload).
        organization_id: UUID of the owning organization (tenant).
        created_at: when the document was ingested (UTC).
        size_bytes: size of the file in bytes, or ``None``.
        sha256: hex SHA-256 of the file bytes, or ``None``.
    """

    id: str
    filename: str
    mime_type: str | None = None
    text: str = ""
    pages: list[str] = dataclasses.field(default_factory=list)
    labels: list[str] = dataclasses.field(default_factory=list)
    metadata: dict[str, Any] = dataclasses.field(default_factory=dict)
    source_id: str | None = None
    organization_id: str | None = None
    created_at: datetime | None = None
    size_bytes: int | None = None
    sha256: str | None = None

    @classmethod
    def _kwargs_from_dict(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise ValueError(f"document must be an object, got {type(data).__name__}")
        doc_id = data.get("id")
        filename = data.get("filename")
        if not isinstance(doc_id, str) or not isinstance(filename, str):
            raise ValueError("document needs string fields 'id' and 'filename'")
        size = data.get("size_bytes")
        if size is not None and (not isinstance(size, int) or isinstance(size, bool)):
            raise ValueError("size_bytes must be an integer or null")
        text = data.get("text") or ""
        if not isinstance(text, str):
            raise ValueError("text must be a string")
        return {
            "id": doc_id,
            "filename": filename,
            "mime_type": _opt_str(data.get("mime_type"), "mime_type"),
            "text": text,
            "pages": _str_list(data.get("pages"), "pages"),
            "labels": _str_list(data.get("labels"), "labels"),
            "metadata": _dict(data.get("metadata"), "metadata"),
            "source_id": _opt_str(data.get("source_id"), "source_id"),
            "organization_id": _opt_str(data.get("organization_id"), "organization_id"),
            "created_at": _parse_datetime(data.get("created_at")),
            "size_bytes": size,
            "sha256": _opt_str(data.get("sha256"), "sha256"),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Document:
        """Build a Document from its protocol shape (unknown keys are ignored).

        Raises:
            ValueError: a required key (``id``, ``filename``) is missing or a value has the
                wrong type.
        """
        return cls(**cls._kwargs_from_dict(data))

    def to_dict(self) -> dict[str, Any]:
        """Return the protocol shape: ``created_at`` as an ISO 8601 string."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(Document)}
        out["pages"] = list(self.pages)
        out["labels"] = list(self.labels)
        out["metadata"] = dict(self.metadata)
        out["created_at"] = self.created_at.isoformat() if self.created_at else None
        return out


@dataclasses.dataclass
class DocumentInput:
    """A file produced by a SourcePlugin's ``fetch`` (spec 2.4).

    Attributes:
        file_data: the file bytes.
        filename: file name to store the document under.
        metadata: free-form JSON-serializable metadata (e.g. the id in the source system).

    Raises:
        TypeError: at construction, when ``file_data`` is not bytes or ``filename`` is not
            a string.
    """

    file_data: bytes
    filename: str
    metadata: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.file_data, bytearray | memoryview):
            self.file_data = bytes(self.file_data)
        if not isinstance(self.file_data, bytes):
            raise TypeError(
                f"DocumentInput.file_data must be bytes, got {type(self.file_data).__name__}"
            )
        if not isinstance(self.filename, str) or not self.filename:
            raise TypeError("DocumentInput.filename must be a non-empty string")
        if not isinstance(self.metadata, dict):
            raise TypeError(
                f"DocumentInput.metadata must be a dict, got {type(self.metadata).__name__}"
            )

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"file_data": <base64>, "filename", "metadata"}``."""
        return {
            "file_data": base64.b64encode(self.file_data).decode("ascii"),
            "filename": self.filename,
            "metadata": dict(self.metadata),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DocumentInput:
        """Inverse of :meth:`to_dict` (``file_data`` is base64).

        Raises:
            ValueError: ``file_data`` is not valid base64 or a key is missing.
        """
        raw = data.get("file_data")
        if not isinstance(raw, str):
            raise ValueError("file_data must be a base64 string")
        return cls(
            file_data=base64.b64decode(raw, validate=True),
            filename=str(data.get("filename", "")),
            metadata=_dict(data.get("metadata"), "metadata"),
        )


@dataclasses.dataclass
class ExtendedDocument(Document):
    """A Document with semantic field access, given to benchmark ``score`` (spec 2.4).

    Attributes:
        fields: extracted field values (the ``data`` of the document's ExtractionResult).
        aggregations: related documents linked by the benchmark's MATCH_RULES, keyed by
            :attr:`MatchRule.name`; the engine pre-fetches them.
        score: the stored score of this document, when the engine has one, else ``None``.
        document_type: the ``document_type`` of the document's ExtractionResult (the built-in
            contract extractor reports the leaf label), or ``None`` when the extractor gave
            none.

    :meth:`get` looks a name up in this order: the exact key in ``fields``; the normalized
    key (lower case, non-alphanumerics → ``_``, so ``"Unit Price"`` finds ``unit_price``);
    the aliases of the field registry (:func:`service_sdk.fields.aliases_of`, e.g.
    ``get("vendor")`` finds ``supplier_name``); then
    the document attributes (``filename``, ``mime_type``, ``labels`` …) when not ``None``;
    then, for ``document_type``, :attr:`document_type` when not ``None`` (so a field named
    ``document_type`` in the extraction data wins, as fields always do, and
    ``group_by = ["document_type"]`` groups by the extraction's type). The engine resolves
    ``MatchCondition`` fields and ``group_by`` values in the same order
    (``packages/server/src/benchmarks/fields.ts``).
    """

    fields: dict[str, Any] = dataclasses.field(default_factory=dict)
    aggregations: dict[str, list[ExtendedDocument]] = dataclasses.field(default_factory=dict)
    score: float | None = None
    document_type: str | None = None

    def get(self, name: str, default: Any = None) -> Any:
        """Return the value of field ``name`` (see the lookup order above) or ``default``."""
        if name in self.fields:
            return self.fields[name]
        key = normalize_key(name)
        normalized = {normalize_key(k): v for k, v in self.fields.items()}
        if key in normalized:
            return normalized[key]
        for alias in aliases_of(key):
            if alias in normalized:
                return normalized[alias]
        if key in _DOCUMENT_ATTRS:
            value = getattr(self, key)
            if value is not None:
                return value
        if key == "document_type" and self.document_type is not None:
            return self.document_type
        return default

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ExtendedDocument:
        """Build from the protocol shape: a document object plus ``fields`` (or
        ``extraction: {"data": ...}``), ``document_type`` (or ``extraction:
        {"document_type": ...}``), ``aggregations: {rule: [document, ...]}`` and optional
        ``score``.

        Raises:
            ValueError: a value has the wrong shape (see :meth:`Document.from_dict`), e.g.
                ``document_type`` is neither a string nor null.
        """
        kwargs = cls._kwargs_from_dict(data)
        extraction = data.get("extraction")
        if not isinstance(extraction, Mapping):
            extraction = {}
        fields = data.get("fields")
        if fields is None:
            fields = extraction.get("data")
        document_type = data.get("document_type")
        if document_type is None:
            document_type = extraction.get("document_type")
        aggs_raw = _dict(data.get("aggregations"), "aggregations")
        aggregations: dict[str, list[ExtendedDocument]] = {}
        for rule, docs in aggs_raw.items():
            if not isinstance(docs, list):
                raise ValueError(f"aggregations[{rule!r}] must be a list of documents")
            aggregations[rule] = [cls.from_dict(d) for d in docs]
        score = data.get("score")
        if score is not None and (not isinstance(score, int | float) or isinstance(score, bool)):
            raise ValueError("score must be a number or null")
        return cls(
            **kwargs,
            fields=_dict(fields, "fields"),
            aggregations=aggregations,
            score=float(score) if score is not None else None,
            document_type=_opt_str(document_type, "document_type"),
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the protocol shape (see :meth:`from_dict`)."""
        out = super().to_dict()
        out["fields"] = dict(self.fields)
        out["aggregations"] = {k: [d.to_dict() for d in v] for k, v in self.aggregations.items()}
        out["score"] = self.score
        out["document_type"] = self.document_type
        return out


_DOCUMENT_ATTRS = frozenset(f.name for f in dataclasses.fields(Document))


@dataclasses.dataclass
class ScoredDocument:
    """A document with the score its benchmark's ``score`` gave it (spec 2.4).

    Attributes:
        document: the scored :class:`ExtendedDocument`.
        score: its score.
    """

    document: ExtendedDocument
    score: float

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoredDocument:
        """Build from ``{"document": {...}, "score": number}``.

        Raises:
            ValueError: ``score`` is not a finite number or ``document`` is invalid.
        """
        if not isinstance(data, Mapping):
            raise ValueError("a scored document must be an object")
        score = data.get("score")
        if not isinstance(score, int | float) or isinstance(score, bool) or not math.isfinite(
            score
        ):
            raise ValueError("score must be a finite number")
        doc = data.get("document")
        if not isinstance(doc, Mapping):
            raise ValueError("document must be an object")
        return cls(document=ExtendedDocument.from_dict(doc), score=float(score))
