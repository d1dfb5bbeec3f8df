"""Tests of plugins/contract_extractor.py on real corpus documents (shared/corpus)."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from service_sdk import Document, ExtractionResult, OntologyField

PLUGINS = Path(__file__).resolve().parents[1]
CORPUS = PLUGINS.parents[1] / "shared" / "corpus"
CUAD = CORPUS / "cuad" / "txt"
needs_corpus = pytest.mark.skipif(not CUAD.is_dir(), reason="shared corpus not present")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"plugin_{name}", PLUGINS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ce = _load("contract_extractor")
ALL = [OntologyField(name, "string") for name in ce.CONTRACT_FIELDS if name != "counterparty"]


def _extract(text: str, fields: list[OntologyField], labels: list[str] | None = None,
             identities: list[dict[str, Any]] | None = None,
             **configs: Any) -> ExtractionResult:
    doc = Document(id="d1", filename="c.txt", text=text, labels=labels or [],
                   metadata={"organization_identities": identities or []})
    result: ExtractionResult = asyncio.run(
        ce.ContractExtractor().extract(doc, None, "text/plain", fields, configs))
    return result


def _check_evidence(text: str, data: dict[str, Any]) -> None:
    for field, spans in data["_evidence"].items():
        assert field in data
        for span in spans:
            assert text[span["start"]:span["end"]] == span["text"]


SAMPLE = (
    "MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement (the \u201cAgreement\u201d) is "
    "made and entered into as of March 15, 2021 by and between Acme Widgets, Inc., a Delaware "
    "corporation (\u201cAcme\u201d), and Example Holdings Inc., a Nevada corporation "
    "(\u201cCustomer\u201d).\n\n1. Term. This Agreement shall commence on April 1, 2021 (the "
    "\u201cEffective Date\u201d) and shall continue for a period of two (2) years. Thereafter it "
    "shall automatically renew for successive one (1) year periods unless either party gives "
    "written notice of non-renewal at least ninety (90) days prior to the end of the then-"
    "current term.\n2. Fees. The total contract value is $120,000.\n3. This Agreement shall "
    "be governed by the laws of the State of New York, without regard to conflicts of law."
)


def test_sample_all_fields_with_evidence() -> None:
    result = _extract(SAMPLE, ALL, labels=["Contract", "Service"], identities=[
        {"kind": "LEGAL_NAME", "value": "Example Holdings, Inc.", "primary": True}])
    data = result.data
    assert data["parties"] == ["Acme Widgets, Inc.", "Example Holdings Inc."]
    assert data["counterparty"] == "Acme Widgets, Inc."
    assert data["agreement_date"] == "2021-03-15"
    assert data["effective_date"] == "2021-04-01"
    assert data["term"]["iso"] == "P2Y"
    assert data["renewal_term"] == {"value": 1, "unit": "year", "iso": "P1Y"}
    assert data["notice_period"] == {"value": 90, "unit": "day", "iso": "P90D"}
    assert data["governing_law"] == "New York"
    assert data["contract_value"] == {"amount": 120000.0, "currency": "USD"}
    assert data["currency"] == "USD"
    assert result.document_type == "Service"
    assert result.llm_fields == []
    _check_evidence(SAMPLE, data)


def test_only_requested_fields() -> None:
    result = _extract(SAMPLE, [OntologyField("governing_law", "string")])
    assert set(result.data) == {"governing_law", "_evidence"}
    assert result.document_type is None


def test_counterparty_needs_identities() -> None:
    result = _extract(SAMPLE, [OntologyField("parties", "list[string]")])
    assert "counterparty" not in result.data


def test_use_llm_without_provider_falls_back() -> None:
    result = _extract("no contract here", [OntologyField("governing_law", "string")],
                      use_llm=True)
    assert result.llm_fields == []
    assert "governing_law" not in result.data


@needs_corpus
def test_cuad_endorsement_agreement() -> None:
    path = next(p for p in CUAD.iterdir() if "EX-10.17-ENDORSEMENT AGREEMENT" in p.name)
    text = path.read_text(encoding="utf-8", errors="replace")
    result = _extract(text, ALL)
    _check_evidence(text, result.data)
    assert result.data.get("agreement_date") == "2005-01-13"
    assert result.data.get("governing_law") == "Kansas"
