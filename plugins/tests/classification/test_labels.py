"""Discriminative label matching (issue 33): what the parent level decided, and generic
words, carry no weight in a child label's evidence."""

from __future__ import annotations

from typing import Any

import pytest

from service_builtins.classification import (
    decision,
    examples,
    knowledge_base,
    labels,
    zero_shot,
)

CHILDREN = {
    "Supply": "Supply agreements with suppliers.",
    "License": "License agreements for software, technology, patents or brands.",
    "Hosting": "Web and application hosting agreements.",
    "Non-Disclosure": "NDAs and confidentiality agreements.",
    "Consulting": "Consulting and advisory agreements.",
}

DOCUMENTS = {
    "Supply": "SUPPLY AGREEMENT\nThis Supply Agreement is entered into by and between the "
              "Supplier and the Buyer. The Supplier shall supply the products against "
              "purchase orders and forecasts; delivery and the purchase price are set out "
              "below. The parties shall keep confidential information secret.",
    "License": "LICENSE AGREEMENT\nLicensor grants Licensee a non-exclusive license to the "
               "licensed technology and software. Licensee shall pay royalties. This "
               "Agreement is governed by the laws of Delaware.",
    "Hosting": "WEB HOSTING AGREEMENT\nThe provider shall host the customer's web site on "
               "its servers in a data center, with bandwidth and 99.9% uptime. The hosting "
               "services are billed monthly under this Agreement.",
    "Non-Disclosure": "MUTUAL NON-DISCLOSURE AGREEMENT\nThe disclosing party and the "
                      "receiving party agree that confidential information and trade "
                      "secrets shall not be disclosed.",
    "Consulting": "CONSULTING AGREEMENT\nThe Consultant, an independent contractor, shall "
                  "provide consulting services and advice at an hourly rate.",
}


def _ontology(names: dict[str, str], descriptions: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"Contract": {"description": "Signed agreements.", "keywords": [],
                                        "path": ["Contract"]}}
    for original, name in names.items():
        out[name] = {"description": CHILDREN[original] if descriptions else "",
                     "keywords": [], "path": ["Contract", name]}
    return out


def _decide(ontology: dict[str, Any], text: str) -> str | None:
    children = [n for n, info in ontology.items() if len(info["path"]) == 2]
    raw = zero_shot.bm25_scores(text, children, ontology)
    dist = zero_shot.softmax({k: v for k, (v, _) in raw.items()}, 11.0)
    return decision.decide(dist, raw, 0.0, 0.0, 0.0).best


@pytest.mark.parametrize("word", ["Agreement", "Contract", "Deal", "Services", "Agreements"])
@pytest.mark.parametrize("descriptions", [True, False])
def test_a_generic_word_added_to_a_child_name_changes_no_decision(
        word: str, descriptions: bool) -> None:
    plain = _ontology({k: k for k in CHILDREN}, descriptions)
    for target in CHILDREN:
        renamed = _ontology({k: f"{k} {word}" if k == target else k for k in CHILDREN},
                            descriptions)
        back = {f"{target} {word}": target}
        for truth, text in DOCUMENTS.items():
            before = _decide(plain, text)
            after = _decide(renamed, text)
            assert before == truth
            assert back.get(after or "", after) == before, (target, word, truth)


def test_phrases_before_words_and_the_parents_types_excluded() -> None:
    ontology = _ontology({k: k for k in CHILDREN})
    context = labels.level_context(ontology, "Supply", list(ontology)[1:])
    assert "contract" in context.excluded
    assert labels.knowledge_types("Supply Agreement", "", context) == {"supply": 1.0}
    assert labels.knowledge_types("Contract Manufacturing", "", context) == {
        "manufacturing": 1.0}
    assert labels.knowledge_types("Hosting Services", "", context) == {"hosting": 1.0}
    # a name made only of generic words keeps them
    assert labels.knowledge_types("Services", "", context) == {"service": 1.0}
    # a description that names no type still maps by its vocabulary
    assert "distributor" in labels.knowledge_types(
        "Channel", "A company buys our products to resell them in a territory.", context)
    # at the root, "Agreement" is the contract type
    assert labels.knowledge_types("Agreement", "") == {"contract": 1.0}



def test_a_level_context_is_computed_once_per_ontology_content() -> None:
    """Each call gets its own copy of the ontology (the runtime's shared value): the context
    of a label is kept by what it reads (ancestors, their descriptions, the level's labels),
    and changes when they do."""
    import copy

    ontology = _ontology({k: k for k in CHILDREN})
    level = list(ontology)[1:]
    first = labels.level_context(ontology, "Supply", level)
    assert labels.level_context(copy.deepcopy(ontology), "Supply", list(level)) is first
    reworded = copy.deepcopy(ontology)
    root = next(iter(reworded))
    reworded[root]["description"] = "Invoices we receive from suppliers."
    assert labels.level_context(reworded, "Supply", level) is not first
    assert labels.level_context(ontology, "Supply", level[:2]) is not first

def test_generic_words_are_no_terms_of_a_child_label() -> None:
    ontology = _ontology({"Supply": "Supply Deal", "License": "License"})
    context = labels.level_context(ontology, "Supply Deal", ["Supply Deal", "License"])
    terms, _names = labels.label_query("Supply Deal", ontology["Supply Deal"], context)
    assert ("deal",) not in terms
    assert ("agreement",) not in terms
    assert ("suppli",) in terms or ("suppli", "deal") in terms


def test_pronouns_are_no_policy_cues() -> None:
    for key, _family, _names, cues in knowledge_base.KNOWLEDGE_BASE:
        assert not {"we", "you", "your", "our", "us", "please"} & set(cues), key


def test_a_parent_named_by_no_kind_is_the_family_most_of_its_children_name() -> None:
    # "Commitments" names no kind; its children are contract kinds, so "Build Contracts" is
    # no contract of its own that would take every agreement of the level
    names = ["Build Contracts", "Distribution", "Hosting", "Licensing", "Sponsorship"]
    ontology: dict[str, Any] = {"Commitments": {"description": "", "path": ["Commitments"]}}
    for name in names:
        ontology[name] = {"description": "", "path": ["Commitments", name]}
    context = labels.level_context(ontology, "Build Contracts", names)
    assert "contract" in context.excluded
    assert "contract" not in labels.knowledge_types("Build Contracts", "", context)


def test_a_root_named_by_no_kind_is_the_family_it_reads_as() -> None:
    # children that name no kind by their words: the parent is read as a sentence
    names = ["Chapters", "Makers", "Coalitions", "Upkeep"]
    ontology: dict[str, Any] = {"Commitments": {"description": "", "path": ["Commitments"]}}
    for name in names:
        ontology[name] = {"description": "", "path": ["Commitments", name]}
    context = labels.level_context(ontology, "Chapters", names)
    assert context.excluded == frozenset({"contract"})
    assert "contract" not in examples.candidate_types(context, 1)


def test_a_parent_read_as_a_kind_without_members_decides_nothing() -> None:
    # "Finance" reads as a bank statement: its child "Statements" may still be one
    names = ["Invoices", "Receipts", "Statements"]
    ontology: dict[str, Any] = {"Finance": {"description": "", "path": ["Finance"]}}
    for name in names:
        ontology[name] = {"description": "", "path": ["Finance", name]}
    assert labels.level_context(ontology, "Invoices", names).excluded == frozenset()
