"""Confirmed documents fix a label's mapping onto the knowledge base: a label whose name
misleads is mapped onto the kind its confirmed documents are, and wins their like."""

from __future__ import annotations

from typing import Any

from service_builtins.classification.decision import classical_distribution
from service_builtins.classification.examples import learned_mappings, type_vote
from service_builtins.classification.labels import (
    TRUST_KEY,
    blend_mapping,
    chain_learned,
    knowledge_types,
    level_context,
    own_words_weight,
)
from service_sdk import Document

#: "Supply" is what the customer calls their franchise agreements; "Licensing" their
#: licences.
ONTOLOGY: dict[str, dict[str, Any]] = {
    "Contract": {"description": "", "path": ["Contract"]},
    "Supply": {"description": "", "path": ["Contract", "Supply"]},
    "Licensing": {"description": "", "path": ["Contract", "Licensing"]},
}
LEVEL = ["Supply", "Licensing"]


def franchise(n: int) -> str:
    return (f"FRANCHISE AGREEMENT No. {n}\nThe Franchisor grants the Franchisee the right to "
            "operate the Franchised Business under the System and the Operations Manual. "
            "The Franchisee pays a franchise fee and a royalty fee each month, and buys "
            "the supplies of the System from approved suppliers. " * 3)


def licence(n: int) -> str:
    return (f"LICENSE AGREEMENT No. {n}\nThe Licensor grants the Licensee a license to the "
            "Licensed Technology; the Licensee pays royalties on Licensed Products and may "
            "not sublicense. " * 3)


def examples(per_label: int) -> list[dict[str, Any]]:
    return ([{"text": franchise(i), "labels": ["Contract", "Supply"]}
             for i in range(per_label)]
            + [{"text": licence(i), "labels": ["Contract", "Licensing"]}
               for i in range(per_label)])


def document(text: str, training: list[dict[str, Any]]) -> Document:
    return Document(id=f"doc-{len(training)}", filename="a.txt", text=text,
                    mime_type="text/plain", organization_id="org-examples", labels=[],
                    metadata={"ontology_labels": ONTOLOGY, "training_examples": training})


def test_a_confirmed_document_votes_for_the_kind_it_is_whatever_its_label() -> None:
    context = level_context(ONTOLOGY, "Supply", LEVEL)
    assert type_vote(franchise(0), context, 1) == "franchise"
    assert type_vote(licence(0), context, 1) == "license"


def test_a_misleading_name_is_mapped_onto_what_its_documents_are() -> None:
    context = level_context(ONTOLOGY, "Supply", LEVEL)
    assert set(knowledge_types("Supply", "", context)) == {"supply"}
    learned = learned_mappings(examples(5), ["Contract"], LEVEL, ONTOLOGY, "org-examples")
    assert learned["Supply"]["franchise"] == 1.0
    assert 0.7 < learned["Supply"][TRUST_KEY] < 1.0  # five documents that all agree
    mapped = blend_mapping(knowledge_types("Supply", "", context), learned["Supply"])
    assert max(mapped, key=lambda k: mapped[k]) == "franchise"
    assert learned["Licensing"]["license"] == 1.0
    # a wording the documents confirm stays as it was, own words included
    assert blend_mapping({"license": 1.0}, learned["Licensing"]) == {"license": 1.0}
    assert own_words_weight({"license": 1.0}, learned["Licensing"]) == 1.0
    assert own_words_weight({"supply": 1.0}, learned["Supply"]) < 0.3


def test_the_label_with_a_misleading_name_wins_its_kind_of_document() -> None:
    unseen = ("FRANCHISE AGREEMENT\nBurger Co., the Franchisor, grants Jane Doe, the "
              "Franchisee, a license to use its marks in the Franchised Business run under "
              "the System, for a royalty fee.")
    before, _raw, _n = classical_distribution(document(unseen, []), LEVEL, ["Contract"], {})
    assert max(before, key=lambda k: before[k]) == "Licensing"  # a licence, by its words
    after, _raw, used = classical_distribution(document(unseen, examples(5)), LEVEL,
                                               ["Contract"], {})
    assert used == 0  # five per label: the supervised model stays out, the mapping decides
    assert max(after, key=lambda k: after[k]) == "Supply"
    assert after["Supply"] > 0.9


def test_confirmed_documents_of_mixed_kinds_add_to_what_the_reading_said() -> None:
    # "Support" names no kind; read as a sentence it is maintenance (trust 0.5). Five
    # confirmed documents vote maintenance twice, licence twice and loan once (trust 2/7).
    reading = {"maintenance": 1.0, TRUST_KEY: 0.5}
    votes = {"maintenance": 0.4, "license": 0.4, "loan": 0.2, TRUST_KEY: 2 / 7}
    chained = chain_learned(reading, votes)
    assert chained[TRUST_KEY] == round(1 - 0.5 * (1 - 2 / 7), 4)
    # the same as moving the words' mapping by the reading, then by the documents
    step = blend_mapping(blend_mapping({}, reading), votes)
    once = blend_mapping({}, chained)
    assert once.keys() == step.keys() == {"maintenance", "license"}  # loan under a third
    for key in once:
        assert abs(once[key] - step[key]) < 1e-3
    # maintenance stays ahead, where the votes alone would have tied it with licence
    assert once["maintenance"] > 2 * once["license"]
    alone = blend_mapping({}, votes)
    assert alone["maintenance"] == alone["license"]
    # either side missing: the other
    assert chain_learned({}, votes) == votes
    assert chain_learned(reading, {}) == reading
