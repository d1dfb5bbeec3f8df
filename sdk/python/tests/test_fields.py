"""The field registry: matching a requested field by name, alias, description and dtype."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]  # no py.typed, no stubs pinned
import pytest

from service_sdk import ExtendedDocument, field_registry, match_field
from service_sdk.fields import REGISTRY_PATH, aliases_of, finder_fields


def _name(spec: object) -> str | None:
    return getattr(spec, "name", None)


def test_registry_entries_have_unique_names() -> None:
    names = [spec.name for spec in field_registry()]
    assert len(names) == len(set(names))


def test_match_by_exact_name_and_by_alias() -> None:
    assert _name(match_field("governing_law", "string")) == "governing_law"
    assert _name(match_field("notice_period_to_terminate_renewal", "duration")) == "notice_period"
    assert _name(match_field("Start Date", "date")) == "effective_date"


def test_match_by_description_when_the_name_is_unknown() -> None:
    spec = match_field("signed_on", "date", "Date the agreement was signed")
    assert _name(spec) == "agreement_date"
    spec = match_field("auto_extension", "duration", "Length of each renewal")
    assert _name(spec) == "renewal_term"


def test_dtype_must_be_compatible_unless_the_name_is_ours() -> None:
    # "initial_term" is an alias of the duration "term": a date of that name is not the term
    assert _name(match_field("initial_term", "date")) != "term"
    assert match_field("jurisdiction", "boolean") is None
    assert _name(match_field("contract_value", "string")) == "contract_value"


def test_unknown_field_is_unsupported() -> None:
    assert match_field("favourite_colour", "string", "The colour of the cover page") is None


def test_extended_document_get_uses_the_registry_aliases() -> None:
    doc = ExtendedDocument(id="d", filename="f", fields={"supplier_name": "Acme",
                                                         "notice_days": 30})
    assert doc.get("vendor") == "Acme"
    assert doc.get("notice_period") == 30
    assert "effective_date" in list(aliases_of("start_date"))


# The registry's source and schema at the top of the repository (decision 496).
_ROOT = Path(__file__).resolve().parents[3]
_SOURCE = _ROOT / "fields" / "registry.json"
_SCHEMA = _ROOT / "fields" / "registry.schema.json"


def test_registry_records_follow_the_schema() -> None:
    schema = json.loads(_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads(_SOURCE.read_text(encoding="utf-8")), schema,
                        cls=jsonschema.Draft202012Validator)


def test_schema_rejects_a_finder_field_without_rule_set() -> None:
    schema = json.loads(_SCHEMA.read_text(encoding="utf-8"))
    registry = json.loads(_SOURCE.read_text(encoding="utf-8"))
    registry["fields"][0]["rules"] = []
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(registry, schema, cls=jsonschema.Draft202012Validator)


def test_sdk_copy_is_the_registry() -> None:
    # the SDK's package data is a copy of fields/registry.json: after editing the registry run
    # `python3 scripts/sync_field_registry.py`
    assert REGISTRY_PATH.read_bytes() == _SOURCE.read_bytes(), (
        "service_sdk/field_registry.json is stale: run python3 scripts/sync_field_registry.py")


def test_finder_fields_lists_a_rule_set_in_registry_order() -> None:
    invoice = finder_fields("invoice")
    assert set(invoice) == {"invoice_number", "invoice_date", "total_amount", "currency",
                            "seller", "buyer"}
    assert list(invoice) == [s.name for s in field_registry() if s.name in invoice]
    assert finder_fields("no_such_rules") == ()
