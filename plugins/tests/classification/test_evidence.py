"""The reported evidence of a decision is in the document's own words (lower case), not the
Snowball stems the scores are computed on, each string once; the scores, probabilities and
the chosen label are the same with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service_builtins.classification import decision, zero_shot
from service_builtins.classification.text import (
    analyse,
    document_words,
    find_phrase,
    title_lines,
    tokenize,
    without_front_matter,
)
from service_sdk import Document
from tests.demo import labels_meta, load_plugin

PLUGINS = Path(__file__).resolve().parents[2]
CUAD = PLUGINS.parents[1] / "shared" / "corpus" / "cuad" / "txt"
needs_corpus = pytest.mark.skipif(not CUAD.is_dir(), reason="shared corpus not present")


META = labels_meta(json.loads((PLUGINS / "demo_ontology.json").read_text("utf-8")))
ROOTS = [name for name, info in META.items() if len(info["path"]) == 1]
TYPES = [name for name, info in META.items() if info["path"][:1] == ["Contract"]
         and len(info["path"]) == 2]


def _in_words(evidence: list[str], text: str) -> bool:
    """Whether every evidence string is a run of the document's lower-case words (a
    ``"title: "`` one of its title lines' words)."""
    text = without_front_matter(text)
    body = " " + " ".join(tokenize(text)) + " "
    title = " " + " ".join(tokenize(title_lines(text))) + " "
    return all((" " + item.removeprefix("title: ") + " ")
               in (title if item.startswith("title: ") else body) for item in evidence)


@needs_corpus
@pytest.mark.parametrize(("name", "label", "words"), [
    ("BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt", "Supply",
     {"title: supply agreement", "supply", "supply agreement"}),
    ("AFSALABANCORPINC_08_01_1996-EX-1.1-AGENCY AGREEMENT.txt", "Agency",
     {"title: agency agreement", "agency", "agency agreement"}),
])
def test_a_corpus_contract_s_evidence_is_in_its_own_words(
        name: str, label: str, words: set[str]) -> None:
    text = (CUAD / name).read_text(encoding="utf-8")
    document = Document(id=f"evidence-{label}", filename=name, text=text,
                        organization_id="org-evidence",
                        metadata={"ontology_labels": META, "training_examples": []})
    plugin = load_plugin("classifier", "plugin_classifier_evidence").OntologyClassifier()
    root = plugin.decide_level(document, ROOTS, [], {})
    kind = plugin.decide_level(document, TYPES, ["Contract"], {})
    assert (root.label, kind.label) == ("Contract", label)
    assert words <= set(kind.evidence)
    # the title and the body are two facts, both kept
    assert "title: agreement" in root.evidence
    assert "agreement" in root.evidence
    for verdict in (root, kind):
        assert verdict.evidence
        assert len(set(verdict.evidence)) == len(verdict.evidence)  # no string twice
        assert _in_words(verdict.evidence, text), verdict.evidence
    stems = {"suppli", "agenc", "parti", "execut", "deliveri", "herebi", "commiss"}
    assert not stems & {w for item in root.evidence + kind.evidence
                        for w in item.removeprefix("title: ").split()}


@needs_corpus
def test_only_the_evidence_changes_with_the_document_s_words() -> None:
    """``decide`` with the document states the same label, probabilities and score as
    without; only the evidence goes from the stems to the words, term by term."""
    name = "BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt"
    document = Document(id="evidence-same", filename=name,
                        text=(CUAD / name).read_text(encoding="utf-8"),
                        organization_id="org-evidence",
                        metadata={"ontology_labels": META, "training_examples": []})
    dist, raw, _used = decision.classical_distribution(document, TYPES, ["Contract"], {})
    stems = decision.decide(dist, raw, 0.2, 0.02, 2.0, depth=1)
    words = decision.decide(dist, raw, 0.2, 0.02, 2.0, depth=1, document=document)
    assert words._replace(evidence=stems.evidence) == stems
    assert "title: suppli agreement" in stems.evidence
    assert len(words.evidence) == len(stems.evidence)
    assert [w.startswith("title: ") for w in words.evidence] == \
        [s.startswith("title: ") for s in stems.evidence]
    assert words.evidence[stems.evidence.index("title: suppli agreement")] == \
        "title: supply agreement"


TEXT = ("SUPPLY AGREEMENT\nThe Supplier shall make Deliveries to the Parties. Each delivery "
        "is executed under this Supply Agreement.\n")


def test_stems_map_to_their_first_occurrence_in_the_text_or_title() -> None:
    terms = analyse(TEXT)
    assert len(terms.words) == len(terms.body.tokens)
    assert document_words(terms, ("deliveri",)) == "deliveries"  # the first, as written
    assert document_words(terms, ("parti",)) == "parties"
    assert document_words(terms, ("execut",)) == "executed"
    assert document_words(terms, ("suppli", "agreement")) == "supply agreement"
    assert document_words(terms, ("suppli", "agreement"), title=True) == "supply agreement"
    assert document_words(terms, ("never", "said")) == "never said"  # absent: the stems
    assert find_phrase(("a", "b", "a", "c"), ("a", "c")) == 2
    assert find_phrase(("a", "b"), ("b", "a")) == -1
    assert find_phrase(("a",), ()) == -1


def test_evidence_words_keeps_the_order_and_each_string_once() -> None:
    evidence = ["title: suppli agreement", "suppli", "deliveri", "deliveri", "parti"]
    assert zero_shot.evidence_words(TEXT, "evidence-unit", evidence) == [
        "title: supply agreement", "supply", "deliveries", "parties"]
    assert zero_shot.evidence_words(TEXT, "evidence-unit", []) == []
