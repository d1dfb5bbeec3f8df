"""Models of spec 2.4."""

from __future__ import annotations

import pickle
from datetime import UTC, datetime
from typing import Any

import pytest

from service_sdk import (
    BaseSourceState,
    ConfigurableParameter,
    Document,
    DocumentInput,
    DynamicCredential,
    ExtendedDocument,
    ExtractionResult,
    MatchCondition,
    MatchRule,
    OntologyField,
    ScoredDocument,
)


def test_document_round_trip_ignores_unknown_keys() -> None:
    doc = Document.from_dict(
        {
            "id": "d1",
            "filename": "a.pdf",
            "labels": ["Contracts"],
            "created_at": "2026-01-02T03:04:05Z",
            "unknown": 1,
        }
    )
    assert doc.created_at == datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert doc.labels == ["Contracts"]
    again = Document.from_dict(doc.to_dict())
    assert again == doc


@pytest.mark.parametrize(
    "data",
    [{"filename": "x"}, {"id": "1", "filename": "x", "labels": "A"}, {"id": 1, "filename": "x"}],
)
def test_document_rejects_bad_shapes(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"."):
        Document.from_dict(data)


def test_document_input_validates_and_encodes() -> None:
    item = DocumentInput(file_data=bytearray(b"abc"), filename="a.txt")  # type: ignore[arg-type]
    assert item.file_data == b"abc"
    assert item.to_dict() == {"file_data": "YWJj", "filename": "a.txt", "metadata": {}}
    assert DocumentInput.from_dict(item.to_dict()) == item
    with pytest.raises(TypeError, match="bytes"):
        DocumentInput(file_data="text", filename="a.txt")  # type: ignore[arg-type]


def test_extraction_result_requires_dict() -> None:
    assert ExtractionResult(data={"a": 1}).to_dict() == {
        "data": {"a": 1}, "llm_fields": None, "document_type": None,
    }
    with pytest.raises(TypeError, match="must be a dict"):
        ExtractionResult(data=[1])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="llm_fields"):
        ExtractionResult(data={}, llm_fields="a")  # type: ignore[arg-type]


def test_dynamic_credential_access_and_secrecy() -> None:
    creds = DynamicCredential({"api_key": "s3cr3t-value", "user": "bob"})
    assert creds.api_key == "s3cr3t-value"
    assert creds.get("user") == "bob"
    assert creds.get("missing", "dflt") == "dflt"
    assert "api_key" in creds
    assert repr(creds) == "DynamicCredential(fields=['api_key', 'user'])"
    assert str(creds) == repr(creds)
    assert "s3cr3t" not in f"{creds!r} {creds!s} {creds}"
    with pytest.raises(AttributeError, match="'password'") as info:
        _ = creds.password
    assert "s3cr3t" not in str(info.value)
    with pytest.raises(AttributeError):
        creds.api_key = "x"
    with pytest.raises(TypeError):
        pickle.dumps(creds)


class _State(BaseSourceState):
    cursor: int = 0
    seen: list[str] = []  # noqa: RUF012 - copied per instance by BaseSourceState
    name: str | None = None


def test_source_state_is_dataclass_with_fresh_mutable_defaults() -> None:
    a, b = _State(), _State()
    a.seen.append("x")
    assert b.seen == []
    assert a.to_dict() == {"cursor": 0, "seen": ["x"], "name": None}
    restored = _State.from_dict({"cursor": 5, "seen": ["y"], "extra": True})
    assert restored == _State(cursor=5, seen=["y"])
    assert _State.from_dict(None) == _State()


def test_source_state_field_needs_default() -> None:
    with pytest.raises(TypeError, match="needs a default"):

        class _Bad(BaseSourceState):
            cursor: int


def test_extended_document_semantic_get_and_aggregations() -> None:
    doc = ExtendedDocument.from_dict(
        {
            "id": "i1",
            "filename": "inv.pdf",
            "extraction": {"data": {"Supplier Name": "ACME", "price": 9.5}},
            "aggregations": {"contract": [{"id": "c1", "filename": "c.pdf",
                                           "fields": {"unit_price": 8}}]},
        }
    )
    assert doc.get("vendor") == "ACME"
    assert doc.get("supplier_name") == "ACME"
    assert doc.get("unit_price") == 9.5
    assert doc.get("filename") == "inv.pdf"
    assert doc.get("nothing", 0) == 0
    assert doc.aggregations["contract"][0].get("price") == 8
    assert ExtendedDocument.from_dict(doc.to_dict()) == doc


def test_extended_document_type_from_the_document_or_its_extraction() -> None:
    """``document_type`` (the extraction's type, e.g. the leaf label) is what
    ``group_by = ["document_type"]`` groups on; it comes at the top level (the engine's
    shape) or in ``extraction``, like ``fields`` and ``extraction.data``."""
    top = ExtendedDocument.from_dict(
        {"id": "c1", "filename": "c.pdf", "fields": {"term": 1}, "document_type": "Supply"}
    )
    assert top.document_type == "Supply"
    assert top.get("document_type") == "Supply"
    assert top.get("Document Type") == "Supply"
    nested = ExtendedDocument.from_dict(
        {"id": "c2", "filename": "c.pdf",
         "extraction": {"data": {"term": 2}, "document_type": "License"}}
    )
    assert nested.get("document_type") == "License"
    assert nested.get("term") == 2
    assert nested.to_dict()["document_type"] == "License"
    assert ExtendedDocument.from_dict(nested.to_dict()) == nested
    # A field of that name in the extraction data wins, as fields always do.
    field = ExtendedDocument.from_dict(
        {"id": "c3", "filename": "c.pdf", "fields": {"document_type": "MSA"},
         "document_type": "Supply"}
    )
    assert field.get("document_type") == "MSA"
    untyped = ExtendedDocument.from_dict({"id": "c4", "filename": "c.pdf"})
    assert untyped.document_type is None
    assert untyped.get("document_type", "none") == "none"
    assert untyped.to_dict()["document_type"] is None
    # Aggregated documents carry theirs too.
    agg = ExtendedDocument.from_dict(
        {"id": "c5", "filename": "c.pdf",
         "aggregations": {"r": [{"id": "c6", "filename": "d.pdf", "document_type": "Lease"}]}}
    )
    assert agg.aggregations["r"][0].get("document_type") == "Lease"
    with pytest.raises(ValueError, match="document_type"):
        ExtendedDocument.from_dict({"id": "c7", "filename": "c.pdf", "document_type": 3})
    with pytest.raises(ValueError, match="document_type"):
        ExtendedDocument.from_dict(
            {"id": "c8", "filename": "c.pdf", "extraction": {"document_type": ["Supply"]}}
        )


def test_scored_document_and_rules() -> None:
    scored = ScoredDocument.from_dict({"document": {"id": "a", "filename": "a"}, "score": 2})
    assert scored.score == 2.0
    with pytest.raises(ValueError, match="finite"):
        ScoredDocument.from_dict({"document": {"id": "a", "filename": "a"}, "score": "x"})
    rule = MatchRule("r", ["A"], ["B"], [MatchCondition("x", "y", "contains")])
    assert rule.to_dict()["conditions"] == [
        {"left_field": "x", "right_field": "y", "match_type": "contains"}
    ]
    with pytest.raises(ValueError, match="match_type"):
        MatchCondition("x", "y", "~")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="parameter_type"):
        ConfigurableParameter("p", "list")  # type: ignore[arg-type]
    assert OntologyField.from_dict({"name": "n"}) == OntologyField("n", "string", "")


def test_match_and_parameter_types_are_the_contracts() -> None:
    """``MATCH_TYPES``/``PARAMETER_TYPES`` are defined once, in ``service_sdk.contract``; the
    models and the package root re-export the same tuples."""
    import service_sdk
    from service_sdk import contract, models

    assert models.MATCH_TYPES is contract.MATCH_TYPES is service_sdk.MATCH_TYPES
    assert models.PARAMETER_TYPES is contract.PARAMETER_TYPES is service_sdk.PARAMETER_TYPES
    assert "contains" in contract.MATCH_TYPES
    assert contract.PARAMETER_TYPES == ("str", "int", "float", "bool")
