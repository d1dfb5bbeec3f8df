"""The ontology report's mapping and warnings (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from service_builtins.classification.report import ontology_report

CUSTOMER = Path(__file__).resolve().parents[3] / "bench" / "quality" / "customer_ontology.json"


def _entry(report: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in report["labels"] if e["name"] == name)


def _codes(report: dict[str, Any], label: str) -> set[str]:
    return {w["code"] for w in _entry(report, label)["warnings"]}


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


def test_a_label_read_as_a_sentence_means_another_kind_than_its_words() -> None:
    # "software" in the description is a cue of development; the sentence is maintenance
    ontology = {"labels": [{"name": "Contract", "children": [
        {"name": "Upkeep", "description": "Keeping equipment and software working after "
                                          "delivery."},
        {"name": "Custom Development", "description": "Work to create new technology."},
        {"name": "Maintenance"},
    ]}]}
    report = ontology_report(ontology)
    upkeep = next(e for e in report["labels"] if e["name"] == "Upkeep")
    assert upkeep["types"][0]["type"] == "development"
    assert upkeep["meaning"]["type"] == "maintenance"
    assert -1.0 <= upkeep["meaning"]["similarity"] <= 1.0
    assert "meaning_differs" in _codes(report, "Upkeep")
    # a name that names its kind is read by its name, whatever the sentence
    assert "meaning_differs" not in _codes(report, "Custom Development")
    assert "meaning_differs" not in _codes(report, "Maintenance")
    # the root takes no prototypes: no meaning there
    assert next(e for e in report["labels"] if e["name"] == "Contract")["meaning"] is None


def test_a_name_whose_reading_overrides_its_words_is_reported() -> None:
    ontology = {"labels": [{"name": "Contract", "children": [
        {"name": "BPO Services", "description": "Outsourcing agreements."},
        {"name": "Professional Services", "description": "agreements."}]}]}
    report = ontology_report(ontology)
    bpo = _entry(report, "BPO Services")
    assert bpo["types"][0]["type"] == "service"  # by its words: the generic "services"
    assert bpo["meaning"]["type"] == "outsourcing"
    assert "meaning_differs" in _codes(report, "BPO Services")
    # read as a sentence it is barely closer to consulting: its words stand, no warning
    assert "meaning_differs" not in _codes(report, "Professional Services")
    # both name "services", but BPO is classified as outsourcing: no shared kind to warn of
    assert "same_type_as_sibling" not in _codes(report, "BPO Services")
    assert "same_type_as_sibling" not in _codes(report, "Professional Services")


def test_a_label_of_no_known_kind_is_told_what_its_words_are_closest_to() -> None:
    ontology = {"labels": [{"name": "Contract", "children": [
        {"name": "Carriage", "description": "Moving cargo for a shipper."},
        {"name": "Widgets", "description": "Blue ones."}]}]}
    report = ontology_report(ontology)
    carriage = _entry(report, "Carriage")
    assert carriage["meaning"]["type"] == "transportation"
    widgets = next(w for w in report["warnings"] if w["label"] == "Widgets")
    assert widgets["code"] == "maps_to_nothing"
    assert "it is read as" in widgets["message"]


def test_a_root_label_whose_words_name_nothing_is_told_what_it_reads_as() -> None:
    ontology = {"labels": [{"name": "Signed Deals"}, {"name": "Invoices"}]}
    report = ontology_report(ontology)
    assert _entry(report, "Signed Deals")["meaning"]["type"] == "contract"
    assert "maps_to_nothing" in _codes(report, "Signed Deals")
    warning = next(w for w in report["warnings"] if w["label"] == "Signed Deals")
    assert "it is read as contract" in warning["message"]
    # a root label its words map keeps no reading
    assert _entry(report, "Invoices")["meaning"] is None


def test_a_root_label_whose_words_name_nothing_is_what_its_children_name() -> None:
    # alone "Executed Instruments" reads closest to a policy; its children are contract kinds
    children = [{"name": n} for n in ("Licensing", "Distribution", "Hosting", "Franchising")]
    ontology = {"labels": [{"name": "Executed Instruments", "children": children},
                           {"name": "Compliance Library"}]}
    report = ontology_report(ontology)
    assert _entry(report, "Executed Instruments")["meaning"]["type"] == "contract"
    warning = next(w for w in report["warnings"] if w["label"] == "Executed Instruments")
    assert "it is read as contract" in warning["message"]
