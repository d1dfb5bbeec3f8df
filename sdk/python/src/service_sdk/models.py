"""Plugin-side models of the service (spec section 2.4).

Every model is a plain dataclass built from the standard library only. Models that travel
over the runtime protocol (see ``docs/plugin-runtime.md``) have ``from_dict``/``to_dict``
helpers that read and write the JSON shapes of that protocol: snake_case keys, timestamps as
ISO 8601 strings, bytes as base64 strings. ``from_dict`` ignores unknown keys so that the
engine may add fields without breaking older plugins.
"""

from __future__ import annotations

import base64
import dataclasses
import inspect
import math
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Literal, TypeVar, dataclass_transform

# MATCH_TYPES and PARAMETER_TYPES live in the light contract module, which the validator
# imports without this one (`service validate` start-up, docs/performance.md).
from .contract import MATCH_TYPES, PARAMETER_TYPES
from .fields import aliases_of, normalize_key

__all__ = [
    "MATCH_TYPES",
    "PARAMETER_TYPES",
    "BaseSourceState",
    "ConfigurableParameter",
    "Document",
    "DocumentInput",
    "DynamicCredential",
    "ExtendedDocument",
    "ExtractionResult",
    "MatchCondition",
    "MatchRule",
    "OntologyField",
    "ScoredDocument",
]


MatchType = Literal["==", "!=", "<", "<=", ">", ">=", "contains"]
ParameterType = Literal["str", "int", "float", "bool"]


def _parse_datetime(value: object) -> datetime | None:
    """Parse an ISO 8601 timestamp (``Z`` suffix accepted); ``None`` stays ``None``.

    Raises:
        ValueError: the value is neither ``None``, a ``datetime`` nor an ISO 8601 string.
    """
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, str):
        return datetime.fromisoformat(value)
    raise ValueError(f"expected an ISO 8601 timestamp string, got {type(value).__name__}")


def _str_list(value: object, name: str) -> list[str]:
    """Return ``value`` as a list of strings (``None`` → ``[]``).

    Raises:
        ValueError: ``value`` is not a list of strings.
    """
    if value is None:
        return []
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name} must be a list of strings")
    return list(value)


def _opt_str(value: object, name: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{name} must be a string or null, got {type(value).__name__}")


def _dict(value: object, name: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object, got {type(value).__name__}")
    return dict(value)


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
class OntologyField:
    """A field to extract, resolved by the engine from the labels on the document's path.

    Attributes:
        name: field name, the key expected in :attr:`ExtractionResult.data`.
        dtype: one of ``string``, ``number``, ``integer``, ``boolean``, ``date``, ``money``,
            ``duration``, ``list[string]`` (api-decisions section 3).
        description: what the field means, for prompts.
    """

    name: str
    dtype: str = "string"
    description: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OntologyField:
        """Build from ``{"name", "dtype", "description"}``.

        Raises:
            ValueError: ``name`` is missing or not a string.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise ValueError("an ontology field needs a string 'name'")
        return cls(
            name=data["name"],
            dtype=str(data.get("dtype") or "string"),
            description=str(data.get("description") or ""),
        )

    def to_dict(self) -> dict[str, str]:
        """Return ``{"name", "dtype", "description"}``."""
        return {"name": self.name, "dtype": self.dtype, "description": self.description}


@dataclasses.dataclass
class ExtractionResult:
    """What an ExtractionPlugin's ``extract`` returns (spec 2.4, 4.11).

    Attributes:
        data: field name → extracted value (required; JSON-serializable values, dates as
            ISO strings or ``date`` objects).
        llm_fields: names of the fields whose value came from the LLM, or ``None``.
        document_type: free-form document type for analytics, or ``None``.

    Raises:
        TypeError: at construction, when ``data`` is not a dict with string keys, or
            ``llm_fields`` is not a list of strings.
    """

    data: dict[str, Any]
    llm_fields: list[str] | None = None
    document_type: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.data, dict):
            raise TypeError(
                f"ExtractionResult.data must be a dict, got {type(self.data).__name__}"
            )
        if not all(isinstance(k, str) for k in self.data):
            raise TypeError("ExtractionResult.data keys must be strings")
        if self.llm_fields is not None and (
            not isinstance(self.llm_fields, list)
            or not all(isinstance(f, str) for f in self.llm_fields)
        ):
            raise TypeError("ExtractionResult.llm_fields must be a list of strings or None")
        if self.document_type is not None and not isinstance(self.document_type, str):
            raise TypeError("ExtractionResult.document_type must be a string or None")

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"data", "llm_fields", "document_type"}`` (values are not converted)."""
        return {
            "data": dict(self.data),
            "llm_fields": list(self.llm_fields) if self.llm_fields is not None else None,
            "document_type": self.document_type,
        }


class DynamicCredential:
    """Credentials injected by the engine from its vault (spec 2.4).

    Read them as attributes (``credentials.api_key``) or with
    ``credentials.get("api_key", default)``. A field that was not configured raises
    ``AttributeError`` naming the field and the configured field names (never values).
    ``repr()``/``str()`` show field names only: ``DynamicCredential(fields=['api_key'])``.

    A credential whose name collides with a method of this class (``get``, ``field_names``)
    is reachable through ``get()`` only.
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        """Wrap ``values`` (field name → secret value); keys must be strings.

        Raises:
            TypeError: ``values`` is not a mapping with string keys.
        """
        if values is None:
            values = {}
        if not isinstance(values, Mapping) or not all(isinstance(k, str) for k in values):
            raise TypeError("credentials must be a mapping of field name to value")
        object.__setattr__(self, "_values", dict(values))
        self._values: dict[str, Any]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        values: dict[str, Any] = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(
            f"credential field {name!r} is not configured for this source "
            f"(configured fields: {sorted(values)})"
        )

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("DynamicCredential is read-only")

    def get(self, name: str, default: Any = None) -> Any:
        """Return the value of credential field ``name``, or ``default`` when not set."""
        return self._values.get(name, default)

    def field_names(self) -> list[str]:
        """Return the configured field names, sorted (never the values)."""
        return sorted(self._values)

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def __repr__(self) -> str:
        return f"DynamicCredential(fields={sorted(self._values)!r})"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("DynamicCredential cannot be pickled")


_Self = TypeVar("_Self", bound="BaseSourceState")


@dataclass_transform()
class BaseSourceState:
    """Base class of a SourcePlugin's state model (spec 2.4, 4.11).

    Subclasses are turned into dataclasses automatically; every field needs a default so
    that the engine can create the first state from ``{}``. Mutable defaults (``[]``,
    ``{}``, ``set()``) are allowed and copied per instance. Fields must hold JSON values.
    The plugin mutates fields directly; the engine saves ``to_dict()`` after each yielded
    document and restores with ``from_dict()``::

        class MyState(BaseSourceState):
            cursor: str | None = None
            seen_ids: list[str] = []

    Raises:
        TypeError: at class creation, when a field has no default.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        annotations = inspect.get_annotations(cls)
        for name in annotations:
            if name.startswith("_"):
                continue
            default = cls.__dict__.get(name, dataclasses.MISSING)
            if default is dataclasses.MISSING:
                inherited = any(
                    dataclasses.is_dataclass(base)
                    and name in {f.name for f in dataclasses.fields(base)}
                    for base in cls.__mro__[1:]
                )
                if not inherited:
                    raise TypeError(
                        f"{cls.__name__}.{name} needs a default value: the engine creates "
                        "the first state with no saved values"
                    )
                continue
            if isinstance(default, list | dict | set):
                setattr(cls, name, dataclasses.field(default_factory=_copier(default)))
        dataclasses.dataclass(cls)

    def to_dict(self) -> dict[str, Any]:
        """Return the state as a JSON-ready dict (``dataclasses.asdict``)."""
        if not dataclasses.is_dataclass(self):
            return {}
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[_Self], data: Mapping[str, Any] | None) -> _Self:
        """Restore a state saved by :meth:`to_dict`; unknown keys are ignored, missing
        keys take their defaults.

        Raises:
            ValueError: ``data`` is not a mapping.
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise ValueError(f"state must be an object, got {type(data).__name__}")
        if not dataclasses.is_dataclass(cls):
            return cls()
        names = {f.name for f in dataclasses.fields(cls) if f.init}
        return cls(**{k: v for k, v in data.items() if k in names})


def _copier(value: list[Any] | dict[Any, Any] | set[Any]) -> Callable[[], Any]:
    import copy

    return lambda: copy.deepcopy(value)


@dataclasses.dataclass
class ExtendedDocument(Document):
    """A Document with semantic field access, given to benchmark ``score`` (spec 2.4).

    Attributes:
        fields: extracted field values (the ``data`` of the document's ExtractionResult).
        aggregations: related documents linked by the benchmark's MATCH_RULES, keyed by
            :attr:`MatchRule.name`; the engine pre-fetches them.
        score: the stored score of this document, when the engine has one, else ``None``.

    :meth:`get` looks a name up in this order: the exact key in ``fields``; the normalized
    key (lower case, non-alphanumerics → ``_``, so ``"Unit Price"`` finds ``unit_price``);
    the aliases of the field registry (:func:`service_sdk.fields.aliases_of`, e.g.
    ``get("vendor")`` finds ``supplier_name``); then
    the document attributes (``filename``, ``mime_type``, ``labels`` …).
    """

    fields: dict[str, Any] = dataclasses.field(default_factory=dict)
    aggregations: dict[str, list[ExtendedDocument]] = dataclasses.field(default_factory=dict)
    score: float | None = None

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
        return default

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ExtendedDocument:
        """Build from the protocol shape: a document object plus ``fields`` (or
        ``extraction: {"data": ...}``), ``aggregations: {rule: [document, ...]}`` and
        optional ``score``.

        Raises:
            ValueError: a value has the wrong shape (see :meth:`Document.from_dict`).
        """
        kwargs = cls._kwargs_from_dict(data)
        fields = data.get("fields")
        if fields is None:
            extraction = data.get("extraction")
            if isinstance(extraction, Mapping):
                fields = extraction.get("data")
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
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the protocol shape (see :meth:`from_dict`)."""
        out = super().to_dict()
        out["fields"] = dict(self.fields)
        out["aggregations"] = {k: [d.to_dict() for d in v] for k, v in self.aggregations.items()}
        out["score"] = self.score
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


@dataclasses.dataclass
class MatchCondition:
    """One join condition of a :class:`MatchRule`: ``left.<left_field> <match_type>
    right.<right_field>``. The engine performs the join (hash join on ``==``).

    Attributes:
        left_field: field of documents in the rule's left group.
        right_field: field of documents in the rule's right group.
        match_type: one of :data:`MATCH_TYPES` (``==`` by default); ``contains`` means the
            left value (string or list) contains the right value.

    Raises:
        ValueError: at construction, for a match type outside :data:`MATCH_TYPES`.
    """

    left_field: str
    right_field: str
    match_type: MatchType = "=="

    def __post_init__(self) -> None:
        if self.match_type not in MATCH_TYPES:
            raise ValueError(
                f"match_type must be one of {list(MATCH_TYPES)}, got {self.match_type!r}"
            )

    def to_dict(self) -> dict[str, str]:
        """Return ``{"left_field", "right_field", "match_type"}``."""
        return dataclasses.asdict(self)


@dataclasses.dataclass
class MatchRule:
    """Links documents of ``left_group`` labels to documents of ``right_group`` labels when
    all ``conditions`` hold; linked documents appear in
    ``document.aggregations[name]`` (spec 4.11).

    Attributes:
        name: key in :attr:`ExtendedDocument.aggregations`.
        left_group: labels of the scored documents' side.
        right_group: labels of the related documents' side.
        conditions: all must hold (logical AND).
    """

    name: str
    left_group: list[str]
    right_group: list[str]
    conditions: list[MatchCondition] = dataclasses.field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"name", "left_group", "right_group", "conditions": [...]}``."""
        return {
            "name": self.name,
            "left_group": list(self.left_group),
            "right_group": list(self.right_group),
            "conditions": [c.to_dict() for c in self.conditions],
        }


@dataclasses.dataclass
class ConfigurableParameter:
    """A runtime parameter of a plugin or benchmark; its value reaches the code in
    ``configs`` (read with ``configs.get(parameter_name, default)``).

    Attributes:
        parameter_name: key in ``configs``.
        parameter_type: ``"str"``, ``"int"``, ``"float"`` or ``"bool"``.
        default_value: value used when the organization did not set one.
        description: shown to administrators.

    Raises:
        ValueError: at construction, for a type outside :data:`PARAMETER_TYPES`.
    """

    parameter_name: str
    parameter_type: ParameterType = "str"
    default_value: Any = None
    description: str = ""

    def __post_init__(self) -> None:
        if self.parameter_type not in PARAMETER_TYPES:
            raise ValueError(
                f"parameter_type must be one of {list(PARAMETER_TYPES)}, "
                f"got {self.parameter_type!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"parameter_name", "parameter_type", "default_value", "description"}``."""
        return dataclasses.asdict(self)
