"""The ontology report's mapping and warnings (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from service_builtins.classification.report import ontology_report

CUSTOMER = Path(__file__).resolve().parents[3] / "bench" / "quality" / "customer_ontology.json"


def _codes(report: dict[str, Any], label: str) -> set[str]:
    entry = next(e for e in report["labels"] if e["name"] == label)
    return {w["code"] for w in entry["warnings"]}


def test_issue_11_ontology_maps_every_label_without_warnings() -> None:
    ontology = json.loads(CUSTOMER.read_text(encoding="utf-8"))
    report = ontology_report(ontology)
    assert len(report["labels"]) == 29
    assert report["warnings"] == []
    supply = next(e for e in report["labels"] if e["name"] == "Supply")
    assert supply["path"] == ["Contract", "Supply"]
    assert supply["types"][0] == {"type": "supply", "score": 1.0}


def test_warnings_a_customer_can_act_on() -> None:
    ontology = {"labels": [{"name": "Contract", "children": [
        {"name": "Supply", "description": "Software licences for our products."},
        {"name": "Agreement Services"},
        {"name": "Licensing", "description": "License agreements."},
        {"name": "Software License"},
        {"name": "Widgets", "description": "Blue ones."},
    ]}, {"name": "Invoice"}]}
    report = ontology_report(ontology)
    assert "description_contradicts_name" in _codes(report, "Supply")
    assert "generic_name" in _codes(report, "Agreement Services")
    assert "maps_to_nothing" in _codes(report, "Widgets")
    assert "same_type_as_sibling" in _codes(report, "Licensing")
    sibling = next(w for w in report["warnings"] if w["code"] == "same_type_as_sibling"
                   and w["label"] == "Licensing")
    assert sibling["related"] == ["Software License"]
    assert _codes(report, "Invoice") == set()
    assert len(report["warnings"]) == sum(len(e["warnings"]) for e in report["labels"])
