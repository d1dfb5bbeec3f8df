"""Tests of plugins/classifier.py on real corpus documents (shared/corpus)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from service_builtins.classification import decision, labels, supervised, zero_shot
from service_builtins.classification.text import title_lines
from service_sdk import Document
from service_sdk.services import bind_backend, reset_backend
from tests.demo import labels_meta, load_plugin

PLUGINS = Path(__file__).resolve().parents[1]
CORPUS = PLUGINS.parents[1] / "shared" / "corpus"


clf = load_plugin("classifier")
ONTOLOGY: dict[str, Any] = json.loads((PLUGINS / "demo_ontology.json").read_text("utf-8"))
ROOTS = [label["name"] for label in ONTOLOGY["labels"]]
TYPES = [label["name"] for label in ONTOLOGY["labels"][0]["children"]]


META = labels_meta(ONTOLOGY)
CUAD = CORPUS / "cuad" / "txt"
needs_corpus = pytest.mark.skipif(not CUAD.is_dir(), reason="shared corpus not present")


def _doc(text: str, examples: list[dict[str, Any]] | None = None) -> Document:
    return Document(id="d1", filename="x.txt", text=text, organization_id="org-1",
                    metadata={"ontology_labels": META, "training_examples": examples or []})


def _classify(doc: Document, labels: list[str], path: list[str], **configs: Any) -> str | None:
    plugin = clf.OntologyClassifier()
    merged = {p.parameter_name: p.default_value for p in plugin.configurable_parameters}
    merged.update(configs)
    result: str | None = asyncio.run(plugin.classify(doc, None, "text/plain", labels, path,
                                                     merged))
    return result


def _cuad(name_part: str) -> str:
    path = next(p for p in sorted(CUAD.iterdir()) if name_part in p.name)
    return path.read_text(encoding="utf-8", errors="replace")


@needs_corpus
@pytest.mark.parametrize(
    ("name_part", "expected"),
    [
        ("EX-10.17-ENDORSEMENT AGREEMENT", "Endorsement"),
        ("FRANCHISE AGREEMENT", "Franchise"),
        ("HOSTING AGREEMENT", "Hosting"),
    ],
)
def test_cuad_contract_root_and_type(name_part: str, expected: str) -> None:
    doc = _doc(_cuad(name_part))
    assert _classify(doc, ROOTS, []) == "Contract"
    assert _classify(doc, TYPES, ["Contract"]) == expected


@needs_corpus
def test_policy_is_not_a_contract() -> None:
    path = CORPUS / "policies-md" / "privacy-policies" / "github-general-privacy-statement.md"
    assert _classify(_doc(path.read_text(encoding="utf-8")), ROOTS, []) == "Policy"


def test_invoice_text_is_invoice() -> None:
    text = ("Rechnung Nr. 471102\nRechnungsdatum 05.03.2024\nLieferant GmbH\nPosition Menge "
            "Einzelpreis\nGesamtbetrag netto 198,00 EUR\nMwSt 19%\nZahlbar bis 04.04.2024\n"
            "IBAN DE02 1203 0000 0000 2020 51")
    assert _classify(_doc(text), ROOTS, []) == "Invoice"


def test_unrelated_text_returns_none() -> None:
    assert _classify(_doc("lorem ipsum dolor sit amet"), ROOTS, []) is None


def test_supervised_examples_are_used_and_cached() -> None:
    examples = [{"text": f"widget gadget order {i} zebra", "labels": ["Contract", "Supply"]}
                for i in range(8)] + [
        {"text": f"quokka platypus {i} banana", "labels": ["Contract", "Hosting"]}
        for i in range(8)]
    doc = _doc("quokka platypus banana", examples)
    supervised.MODEL_CACHE.clear()
    configs = {"min_training_examples": 10, "min_examples_per_label": 8}
    alone, _raw, none_used = decision.classical_distribution(
        _doc("quokka platypus banana", []), TYPES, ["Contract"], configs)
    dist, _raw, used = decision.classical_distribution(doc, TYPES, ["Contract"], configs)
    assert (none_used, used) == (0, 16)
    # the model, trained on two of the labels, moves the words it learned towards Hosting
    assert dist["Hosting"] > 1.5 * alone["Hosting"]
    assert dist["Hosting"] > dist["Supply"] > 0
    assert len(supervised.MODEL_CACHE) == 1
    _classify(doc, TYPES, ["Contract"], min_confidence=0.0, min_margin=0.0, **configs)
    assert len(supervised.MODEL_CACHE) == 1  # no refit
    # fewer examples than min_training_examples: zero-shot only, nothing fitted
    supervised.MODEL_CACHE.clear()
    decision.classical_distribution(_doc("x", examples[:4]), TYPES, ["Contract"], configs)
    assert not supervised.MODEL_CACHE
    # fewer per label than the default min_examples_per_label (10): they only fix the mapping
    _dist, _raw, used = decision.classical_distribution(doc, TYPES, ["Contract"], {})
    assert used == 0
    assert not supervised.MODEL_CACHE



def test_the_plugin_loads_without_scikit_learn() -> None:
    """scikit-learn (and SciPy, ~1,000 modules) is imported by the first supervised fit, not
    with the plugin: a runtime's start-up does not pay for a model most levels never fit."""
    import subprocess
    import sys

    plugin = str(PLUGINS / "classifier.py")
    probe = ("import importlib.util, sys; "
             f"spec = importlib.util.spec_from_file_location('c', {plugin!r}); "
             "spec.loader.exec_module(importlib.util.module_from_spec(spec)); "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'sklearn', 'scipy'}))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(PLUGINS)}).stdout
    assert out.strip() == "[]"


def test_without_room_for_scikit_learn_the_level_is_decided_zero_shot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A runtime whose address space has no room left for scikit-learn (a small
    ``SERVICE_PLUGIN_MEMORY_MB`` without cgroups, where its import failed or spun in the
    loader) does not import it: the level is decided zero-shot, as with too few examples."""
    monkeypatch.setattr(supervised, "_UNAVAILABLE", [])
    monkeypatch.setattr(supervised, "_address_space_left", lambda: 100 * 2**20)
    examples = [{"text": f"quokka platypus {i} banana", "labels": ["Contract", label]}
                for i in range(8) for label in ("Supply", "Hosting")]
    supervised.MODEL_CACHE.clear()
    configs = {"min_training_examples": 10, "min_examples_per_label": 8}
    doc = _doc("quokka platypus banana", examples)
    _dist, _raw, used = decision.classical_distribution(doc, TYPES, ["Contract"], configs)
    assert used == 0
    assert list(supervised.MODEL_CACHE.values()) == [None]
    assert "scikit-learn needs" in supervised._UNAVAILABLE[0]
    supervised.MODEL_CACHE.clear()

def test_use_llm_without_provider_falls_back() -> None:
    doc = _doc("This Distribution Agreement appoints the Distributor as exclusive distributor "
               "of the Products in the Territory.")
    assert _classify(doc, TYPES, ["Contract"], use_llm=True) == "Distributor"


def test_single_label_level_and_empty_level() -> None:
    assert _classify(_doc("anything"), ["Only"], []) == "Only"
    assert _classify(_doc("anything"), [], []) is None


CUSTOMER = {
    "Contract": {"description": "Signed agreements with customers, suppliers and partners.",
                 "keywords": [], "path": ["Contract"]},
    "Invoice": {"description": "Invoices we receive from suppliers.", "keywords": [],
                "path": ["Invoice"]},
    "Policy": {"description": "Company policies, terms and privacy notices.", "keywords": [],
               "path": ["Policy"]},
}


def _customer_doc(text: str) -> Document:
    return Document(id="d2", filename="x.txt", text=text, organization_id="org-2",
                    metadata={"ontology_labels": CUSTOMER, "training_examples": []})


def test_labels_map_onto_the_knowledge_base_by_name_and_description() -> None:
    assert labels.knowledge_types("IP", "Intellectual property assignments.") == {"ip": 1.0}
    assert "nda" in labels.knowledge_types("Non-Disclosure", "NDAs and confidentiality agreements.")
    mapped = labels.knowledge_types("Paperwork", "Company policies, terms and privacy notices.")
    assert {"policy", "terms", "privacy_notice"} <= set(mapped)
    # a cooperation agreement is a collaboration (CUAD files five of them so)
    assert "collaboration" in labels.knowledge_types("Cooperation", "Cooperation agreements.")


def test_zero_shot_from_names_and_descriptions_only() -> None:
    plugin = clf.OntologyClassifier()
    roots = list(CUSTOMER)
    invoice = _customer_doc("RECHNUNG\nRechnungsnummer: 4711\nRechnungsdatum: 01.02.2024\n"
                            "Pos. Artikel Menge Einzelpreis\nGesamtbetrag 119,00 EUR\nIBAN DE12")
    decision = plugin.decide_level(invoice, roots, [], {})
    assert decision.label == "Invoice"
    assert decision.runner_up in roots
    assert 0.4 <= decision.probability <= 1
    assert decision.evidence
    contract = _customer_doc("CONSULTING AGREEMENT\nThis Agreement is entered into by and "
                             "between Acme Inc. and Jane Doe. WHEREAS the parties wish ... "
                             "IN WITNESS WHEREOF the parties have executed this Agreement.")
    assert plugin.decide_level(contract, roots, [], {}).label == "Contract"


def test_a_redaction_legend_is_no_title() -> None:
    """An SEC exhibit's redaction legend is in capitals and says "confidential", but the
    title is the line after it (ABILITYINC's services agreement was read as an NDA)."""
    head = ("EXHIBIT 4.25\n"
            "INFORMATION IN THIS EXHIBIT IDENTIFIED BY [ * * * ] IS CONFIDENTIAL AND HAS BEEN\n"
            "EXCLUDED BECAUSE IT IS BOTH (I) NOT MATERIAL AND (II) WOULD LIKELY CAUSE\n"
            "COMPETITIVE HARM TO THE REGISTRANT IF PUBLICLY DISCLOSED.\n"
            "SERVICES AGREEMENT\n"
            "This Services Agreement is entered into on October 1, 2019.\n")
    assert title_lines(head).strip() == "SERVICES AGREEMENT"
    assert title_lines("CONFIDENTIALITY AGREEMENT\nThe parties agree as follows.").strip() == \
        "CONFIDENTIALITY AGREEMENT"


def test_confidence_is_calibrated_not_certain() -> None:
    """The zero-shot probability is the measured chance of being right
    (bench/quality/fit_calibration.py): a clear invoice is stated near certain, but never
    certain, as no sample of the tuning half can show certainty (the rule of succession over
    its ~300 documents caps every level below 0.997)."""
    plugin = clf.OntologyClassifier()
    roots = list(CUSTOMER)
    invoice = plugin.decide_level(_customer_doc(
        "INVOICE\nInvoice number: 4711\nInvoice date: 2024-02-01\nBill to: Acme Inc.\n"
        "Item Qty Unit price Amount\nSubtotal 100.00 VAT 19.00\nAmount due 119.00 EUR\nIBAN DE12"),
        roots, [], {})
    assert invoice.label == "Invoice"
    assert 0.99 < invoice.probability < 0.997
    assert invoice.runner_up_probability > 0
    assert abs(sum((invoice.probabilities or {}).values()) - 1.0) < 1e-9


NAMES_ONLY = {name: {"description": "", "keywords": [], "path": [name]} for name in CUSTOMER}


@needs_corpus
@pytest.mark.parametrize("ontology", [CUSTOMER, NAMES_ONLY], ids=["described", "names-only"])
def test_terms_that_read_like_an_agreement_are_filed_with_the_policies(
        ontology: dict[str, Any]) -> None:
    """GitHub's developer agreement says "agreement" and "the parties" throughout, so by its
    words it is a contract; read as a whole it is like the policies and terms the corpus files
    under Policy, and the types' prototypes at the root say so even where the customer's
    "Policy" has no description to claim terms (issue 33, decision 635)."""
    path = CORPUS / "policies-md" / "github-terms" / "github-registered-developer-agreement.md"
    doc = Document(id="d3", filename=path.name, text=path.read_text(encoding="utf-8"),
                   organization_id="org-3",
                   metadata={"ontology_labels": ontology, "training_examples": []})
    words = zero_shot.bm25_scores(doc.text, list(ontology), ontology)
    assert words["Contract"][0] > words["Policy"][0]
    verdict = clf.OntologyClassifier().decide_level(doc, list(ontology), [], {})
    assert (verdict.label, verdict.reason) == ("Policy", None)


@needs_corpus
@pytest.mark.parametrize("name", ["CSA/CSA.md", "DPA/DPA.md", "Pilot-Agreement/Pilot-Agreement.md"])
def test_an_agreement_in_markdown_stays_a_contract(name: str) -> None:
    """Common Paper's standard agreements (never used to tune or fit anything) are written in
    Markdown like the corpus's policies; the prototypes do not take them for policies."""
    path = CORPUS / "agreements-md" / "commonpaper" / name
    doc = Document(id="d4", filename=path.name, text=path.read_text(encoding="utf-8"),
                   organization_id="org-4",
                   metadata={"ontology_labels": NAMES_ONLY, "training_examples": []})
    assert clf.OntologyClassifier().decide_level(doc, list(NAMES_ONLY), [], {}).label == \
        "Contract"


def test_abstains_without_evidence_and_says_why() -> None:
    verdict = clf.OntologyClassifier().decide_level(
        _customer_doc("Lorem ipsum dolor sit amet, consectetur adipiscing elit."),
        list(CUSTOMER), [], {})
    assert verdict.label is None
    assert verdict.reason in ("no evidence", "out of domain")


class _Engine:
    """Stands in for the engine's service backend: records what the plugin reports."""

    def __init__(self) -> None:
        self.reports: list[dict[str, Any]] = []

    async def request(self, service: str, args: dict[str, Any]) -> Any:
        assert service == "report_classification"
        self.reports.append(args)
        return None

    def log(self, level: str, message: str) -> None:
        pass


def _classify_reporting(doc: Document, labels: list[str]) -> tuple[str | None, dict[str, Any]]:
    engine = _Engine()

    async def run() -> str | None:
        token = bind_backend(engine)
        try:
            answer: str | None = await clf.OntologyClassifier().classify(
                doc, None, "text/plain", labels, [], {"use_llm": False})
            return answer
        finally:
            reset_backend(token)

    answer = asyncio.run(run())
    assert len(engine.reports) == 1
    return answer, engine.reports[0]


def test_classify_reports_its_confidence_to_the_engine() -> None:
    answer, report = _classify_reporting(_customer_doc(
        "RECHNUNG\nRechnungsnummer: 4711\nRechnungsdatum: 01.02.2024\nGesamtbetrag 119,00 EUR"),
        list(CUSTOMER))
    assert answer == report["label"] == "Invoice"
    assert 0.4 <= report["probability"] <= 1
    assert report["runner_up"] in {"Contract", "Policy"}
    assert report["runner_up_probability"] < report["probability"]
    assert report["evidence"]
    assert report["abstention_reason"] is None


def test_an_abstention_reports_its_reason() -> None:
    answer, report = _classify_reporting(
        _customer_doc("Lorem ipsum dolor sit amet, consectetur adipiscing elit."), list(CUSTOMER))
    assert answer is None
    assert report["abstention_reason"] in ("no evidence", "out of domain")
    assert report["label"] in CUSTOMER  # the best candidate is still shown to the reviewer


NDA_ONTOLOGY = {
    "Non-Compete": {"description": "Non-compete and non-solicitation agreements.",
                    "keywords": [], "path": ["Contract", "Non-Compete"]},
    "Non-Disclosure": {"description": "NDAs and confidentiality agreements.", "keywords": [],
                       "path": ["Contract", "Non-Disclosure"]},
    "Consulting": {"description": "Consulting and advisory agreements.", "keywords": [],
                   "path": ["Contract", "Consulting"]},
}


def _type_of(text: str) -> str | None:
    doc = Document(id="d3", filename="x.txt", text=text, organization_id="org-3",
                   metadata={"ontology_labels": NDA_ONTOLOGY, "training_examples": []})
    decided = clf.OntologyClassifier().decide_level(doc, list(NDA_ONTOLOGY), ["Contract"], {})
    label: str | None = decided.label
    return label


def test_a_title_naming_several_kinds_is_filed_under_the_one_with_precedence() -> None:
    body = ("The Employee shall not compete with the Company and shall not solicit its "
            "customers or employees during the Restricted Period. The Employee shall keep "
            "the Confidential Information of the Company secret. ") * 3
    # Confidentiality named last still decides: a confidentiality agreement with covenants.
    assert _type_of("NON-COMPETITION, NON-SOLICITATION AND CONFIDENTIALITY AGREEMENT\n"
                    + body) == "Non-Disclosure"
    # Without a kind with precedence, the kind named first is the primary one.
    assert _type_of("NON-COMPETITION AND CONSULTING AGREEMENT\n" + body) == "Non-Compete"


#: The root of a customer-style ontology (names and one-line descriptions only, as in
#: bench/quality/customer_ontology.json).
CUSTOMER_ROOTS = {
    "Contract": "Signed agreements with customers, suppliers and partners.",
    "Invoice": "Invoices we receive from suppliers.",
    "Policy": "Company policies, terms and privacy notices.",
}
TERMS = CORPUS / "policies-md" / "github-terms"


@pytest.mark.skipif(not TERMS.is_dir(), reason="shared corpus not present")
@pytest.mark.parametrize("name", ["github-marketplace-developer-agreement.md",
                                  "github-registered-developer-agreement.md"])
def test_front_matter_does_not_make_click_through_terms_a_contract(name: str) -> None:
    """The Markdown source's front matter (``title: GitHub … Developer Agreement``) is no
    title: the decision is the one on the text the engine's parser gives, and not Contract."""
    meta = {label: {"description": description, "keywords": [], "path": [label]}
            for label, description in CUSTOMER_ROOTS.items()}
    source = (TERMS / name).read_text(encoding="utf-8")
    assert source.startswith("---\ntitle: GitHub")
    body = source[source.index("\n---\n", 4) + 5:].lstrip("\n")
    decisions = [
        clf.OntologyClassifier().decide_level(
            Document(id=name, filename=name, text=text, organization_id="org-1",
                     metadata={"ontology_labels": meta}),
            list(CUSTOMER_ROOTS), [], {})
        for text in (source, body)
    ]
    same = ("label", "best", "runner_up", "reason", "evidence", "score")
    assert [getattr(decisions[0], k) for k in same] == [getattr(decisions[1], k) for k in same]
    # the start's embedding differs by the front matter's words only
    assert decisions[0].probability == pytest.approx(decisions[1].probability, abs=1e-6)
    # by its words a click-through "Developer Agreement" is nearly a contract; read against
    # the kinds' prototypes it is terms, filed with the policies (decision 635)
    assert (decisions[0].label, decisions[0].reason) == ("Policy", None)
