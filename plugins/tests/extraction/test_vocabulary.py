"""The extractor's fields are the field registry's (``fields/registry.json``): every field the
registry marks ``finder: true`` has a finder in the rule sets its ``rules`` name, and no finder,
rule or per-field table answers a field the registry lacks."""

from __future__ import annotations

import json

import pytest

from service_builtins.extraction import confidence, invoices, rules
from service_builtins.extraction.matcher import rulebook
from service_sdk.fields import field_registry, finder_fields

FINDER_FIELDS = {s.name for s in field_registry() if s.finder}
RULE_SETS = ("contract", "invoice")

# Every field a German invoice of the tests states (test_invoice_fields.py's GERMAN).
_INVOICE = """ACME Bürobedarf GmbH · Hauptstr. 1 · 10115 Berlin

Verkäufer
Name:
ACME Bürobedarf GmbH

Rechnungsempfänger
Name:
Muster & Söhne KG

Rechnungsnummer: RE-2024/0815
Rechnungsdatum: 07.02.2024

Nettobetrag      1.000,00 EUR
Gesamtbetrag     1.190,00 EUR
"""


def test_every_finder_field_names_a_rule_set_it_belongs_to() -> None:
    for spec in field_registry():
        assert set(spec.rules) <= set(RULE_SETS), spec.name
        assert bool(spec.rules) == spec.finder, spec.name


def test_the_extractor_field_lists_are_the_registry_ones() -> None:
    assert finder_fields("contract") == rules.CONTRACT_FIELDS
    assert finder_fields("invoice") == invoices.INVOICE_FIELDS
    assert set(rules.CONTRACT_FIELDS) | set(invoices.INVOICE_FIELDS) == FINDER_FIELDS


def test_every_contract_field_has_a_finder_and_every_finder_a_field() -> None:
    answered = set(rules.FINDERS) - rules.INTERNAL_FINDERS
    assert answered == set(finder_fields("contract"))


def test_the_invoice_rules_answer_exactly_the_invoice_fields() -> None:
    data, evidence = invoices.find_invoice_fields(_INVOICE, set(invoices.INVOICE_FIELDS))
    assert set(data) == set(evidence) == set(finder_fields("invoice"))
    # asked for every field there is, they still answer only registry invoice fields
    everything = {s.name for s in field_registry()} | {"favourite_colour"}
    assert set(invoices.find_invoice_fields(_INVOICE, everything)[0]) <= FINDER_FIELDS


@pytest.mark.parametrize(
    ("table", "keys"),
    [
        ("RULE_CONFIDENCE", set(rules.RULE_CONFIDENCE)),
        ("INFERRED_CONFIDENCE", set(rules.INFERRED_CONFIDENCE)),
        ("confidence.json", set(json.loads(
            confidence.CONFIDENCE_FILE.read_text(encoding="utf-8"))["fields"])),
        ("rule book", {r.field for r in rulebook().values()} - {"shared"}),
    ],
)
def test_per_field_tables_name_only_registry_finder_fields(table: str, keys: set[str]) -> None:
    assert keys <= FINDER_FIELDS, f"{table}: {sorted(keys - FINDER_FIELDS)} not in the registry"
