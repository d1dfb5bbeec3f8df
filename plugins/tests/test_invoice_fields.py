"""Tests of the invoice fields of plugins/contract_extractor.py (synthetic snippets and, when
present, real ZUGFeRD / Factur-X invoices of shared/corpus whose embedded XML is the truth)."""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from service_builtins.extraction.invoices import parse_invoice_amount
from service_builtins.extraction.matcher import rulebook
from service_sdk import Document, OntologyField

PLUGINS = Path(__file__).resolve().parents[1]
INVOICES = PLUGINS.parents[1] / "shared" / "corpus" / "invoices" / "zugferd-facturx"
needs_corpus = pytest.mark.skipif(
    not INVOICES.is_dir() or shutil.which("pdftotext") is None,
    reason="invoice corpus or pdftotext not present",
)


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"plugin_inv_{name}", PLUGINS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ce = _load("contract_extractor")
DTYPES = {"invoice_date": "date", "total_amount": "money"}
FIELDS = [OntologyField(name, DTYPES.get(name, "string")) for name in ce.INVOICE_FIELDS]


def _extract(text: str) -> dict[str, Any]:
    return _extract_with_evidence(text)[0]


def _extract_with_evidence(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    doc = Document(id="i1", filename="i.pdf", text=text, labels=["Invoice"], metadata={})
    result = asyncio.run(ce.ContractExtractor().extract(doc, None, "application/pdf", FIELDS, {}))
    data = dict(result.data)
    evidence = data.pop("_evidence")
    confidence = data.pop("_confidence")
    assert set(evidence) == set(data) == set(confidence)
    for entries in evidence.values():
        for entry in entries:
            assert text[entry["start"]:entry["end"]] == entry["text"]
    return data, evidence


def _rules(text: str) -> dict[str, str]:
    evidence = _extract_with_evidence(text)[1]
    return {field: entries[0]["rule"] for field, entries in evidence.items()}


GERMAN = """ACME Bürobedarf GmbH · Hauptstr. 1 · 10115 Berlin

Verkäufer
Name:
ACME Bürobedarf GmbH
Anschrift:
Hauptstr. 1

Rechnungsempfänger
Name:
Muster & Söhne KG
Anschrift:
Marktplatz 3

Rechnungsnummer: RE-2024/0815
Rechnungsdatum: 07.02.2024

Pos. 1  Papier A4   1.000,00
Nettobetrag      1.000,00 EUR
USt. 19 %          190,00 EUR
Gesamtbetrag der Zuschläge  0,00 EUR
Gesamtbetrag     1.190,00 EUR
"""

FRENCH = """Au petit marché SARL – 12 rue des Lilas – 75011 Paris

Facture n° F2023-117
Date de facture : 14/03/2023

Vendeur : Au petit marché SARL
Acheteur : Boulangerie Dupont

Total HT      1 000,00 €
Total TVA       200,00 €
Total TTC     1 200,00 €
Net à payer   1 200,00 €
"""


def test_german_invoice() -> None:
    data = _extract(GERMAN)
    assert data["invoice_number"] == "RE-2024/0815"
    assert data["invoice_date"] == "2024-02-07"
    assert data["total_amount"] == {"amount": 1190.0, "currency": "EUR"}
    assert data["currency"] == "EUR"
    assert data["seller"] == "ACME Bürobedarf GmbH"
    assert data["buyer"] == "Muster & Söhne KG"


def test_french_invoice() -> None:
    data = _extract(FRENCH)
    assert data["invoice_number"] == "F2023-117"
    assert data["invoice_date"] == "2023-03-14"
    assert data["total_amount"] == {"amount": 1200.0, "currency": "EUR"}
    assert data["currency"] == "EUR"
    assert data["seller"] == "Au petit marché SARL"
    assert data["buyer"] == "Boulangerie Dupont"


def test_the_evidence_names_each_language_s_rule() -> None:
    german, french = _rules(GERMAN), _rules(FRENCH)
    assert german["invoice_number"].endswith(".de")
    assert german["seller"] == "seller.block.de"
    assert french["invoice_number"] == "invoice_number.label.fr"
    assert french["total_amount"] == "total_amount.gross.fr"
    # every id is a rule of the book (the German, French or English cue, or a neutral rule)
    assert set(german.values()) | set(french.values()) <= set(rulebook())


def test_english_amounts_and_month_first_dates() -> None:
    data = _extract("Invoice No: INV-2291\nInvoice date: 03/11/2024\nSubtotal $1,000.00\n"
                    "Tax Total $80.00\nAmount due: USD 1,080.50\n")
    assert data["invoice_number"] == "INV-2291"
    assert data["invoice_date"] == "2024-03-11"
    assert data["total_amount"] == {"amount": 1080.5, "currency": "USD"}
    assert data["currency"] == "USD"


def test_header_number_and_date() -> None:
    data = _extract("Handelsrechnung (380) Nr. 471102 vom 05.03.2018\nWährung:\n\nEUR\n"
                    "Rechnung gemäß Bestellung Nr. 2018-1 vom 01.03.2018.\n"
                    "Bruttosumme\n\n529,87\n\nZahlbetrag\n\n500,00\n")
    assert data["invoice_number"] == "471102"
    assert data["invoice_date"] == "2018-03-05"
    assert data["total_amount"] == {"amount": 529.87, "currency": "EUR"}


def test_amount_formats() -> None:
    parse = parse_invoice_amount
    assert parse("1.234,56") == 1234.56
    assert parse("1,234.56") == 1234.56
    assert parse("1 234,56") == 1234.56
    assert parse("529,87") == 529.87
    assert parse("1.000") == 1000.0


def test_contract_fields_not_switched_to_invoice_rules() -> None:
    doc = Document(id="c", filename="c.txt", labels=[], metadata={},
                   text="The total contract value is $50,000. Invoice No 12345.")
    result = asyncio.run(ce.ContractExtractor().extract(
        doc, None, "text/plain",
        [OntologyField("contract_value", "money"), OntologyField("currency", "string")], {}))
    assert result.data["contract_value"] == {"amount": 50000.0, "currency": "USD"}
    assert "invoice_number" not in result.data


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


@needs_corpus
@pytest.mark.parametrize(("path", "expected"), [
    ("XML-Rechnung/FX/EN16931_Einfach.pdf", {
        "invoice_number": "471102", "invoice_date": "2018-03-05",
        "total_amount": {"amount": 529.87, "currency": "EUR"}, "currency": "EUR",
        "seller": "Lieferant GmbH", "buyer": "Kunden AG Mitte"}),
    ("XML-Rechnung/FX/EN16931_Haftpflichtversicherung_Versicherungssteuer.pdf", {
        "invoice_number": "01.234.567.8-2018-1", "invoice_date": "2018-12-06",
        "total_amount": {"amount": 50.0, "currency": "EUR"}, "currency": "EUR",
        "seller": "MVM Musterhafter Versicherungsverein Musterstadt a.G.",
        "buyer": "Herrn Max Mustermann"}),
    ("ZUGFeRDv2/correct/FNFE-factur-x-examples/Facture_UE_BASICWL.pdf", {
        "invoice_number": "FA-2017-0008", "invoice_date": "2017-11-03",
        "total_amount": {"amount": 2076.76, "currency": "EUR"}, "currency": "EUR"}),
    # no "Vendeur" / "Client" labels: the seller is the letterhead ("Au bon moulin SARL - 1242
    # chemin de l'olive - …"), the buyer the block under "Adresse de livraison"
    ("ZUGFeRDv2/correct/FNFE-factur-x-examples/Facture_FR_BASICWL.pdf", {
        "invoice_number": "FA-2017-0010", "invoice_date": "2017-11-13",
        "seller": "Au bon moulin SARL", "buyer": "Ma jolie boutique"}),
])
def test_corpus_invoices(path: str, expected: dict[str, Any]) -> None:
    data = _extract(_pdf_text(INVOICES / path))
    for field, value in expected.items():
        assert data.get(field) == value, field
