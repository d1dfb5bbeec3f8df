"""The field registry: matching a requested field by name, alias, description and dtype."""

from __future__ import annotations

from service_sdk import ExtendedDocument, field_registry, match_field
from service_sdk.fields import aliases_of


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
