"""Ontology fields and what an extraction plugin returns."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any


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
