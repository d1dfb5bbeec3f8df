"""The knowledge-base types' prototypes: a label is as similar to a document as the documents
of the kind it means are, whatever its words, and a synonym the knowledge base does not list
reaches its kind by meaning."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from service_builtins.classification import prototypes
from service_builtins.classification.knowledge_base import KNOWLEDGE_BASE
from service_builtins.classification.labels import (
    TRUST_KEY,
    blend_mapping,
    knowledge_types,
    label_query,
    level_context,
)
from service_builtins.classification.prototypes import (
    OVERRIDE_TRUST,
    READING_MARGIN,
    SENTENCE_TRUST,
    label_type_similarities,
    label_types,
    reading_override,
    readings,
    sentence_mappings,
    type_similarity,
)
from service_builtins.classification.text import phrase_stems

ONTOLOGY: dict[str, dict[str, Any]] = {
    "Contract": {"description": "Signed agreements.", "path": ["Contract"]},
    "Maintenance": {"description": "", "path": ["Contract", "Maintenance"]},
    "Upkeep": {"description": "Keeping equipment and software working after delivery.",
               "path": ["Contract", "Upkeep"]},
    "Freight": {"description": "Carrying goods by truck, ship or pipeline.",
                "path": ["Contract", "Freight"]},
}
LEVEL = ["Maintenance", "Upkeep", "Freight"]


def unit(i: int) -> np.ndarray:
    out = np.zeros(384, dtype=np.float32)
    out[i] = 1.0
    return out


def test_a_name_that_names_a_kind_is_mapped_by_its_words() -> None:
    assert label_types("Maintenance", ONTOLOGY["Maintenance"], ONTOLOGY, LEVEL) == {
        "maintenance": 1.0}


def test_a_synonym_the_knowledge_base_does_not_list_reaches_its_kind_by_meaning() -> None:
    # by its words alone "Upkeep" names nothing, and "software" in its description is a cue
    # of development
    words = knowledge_types("Upkeep", ONTOLOGY["Upkeep"]["description"],
                            level_context(ONTOLOGY, "Upkeep", LEVEL))
    assert "maintenance" not in words
    assert label_types("Upkeep", ONTOLOGY["Upkeep"], ONTOLOGY, LEVEL) == {"maintenance": 1.0}


def test_confirmed_documents_outweigh_the_wording() -> None:
    learned = {"franchise": 1.0, "_trust": 0.8}
    mapped = label_types("Maintenance", ONTOLOGY["Maintenance"], ONTOLOGY, LEVEL, learned)
    assert max(mapped, key=lambda k: mapped[k]) == "franchise"


def test_the_similarity_is_the_mapped_types_prototypes_weighted_by_the_mapping() -> None:
    table = {"a": (3, 3 * unit(0)), "b": (2, 2 * unit(1))}
    document = unit(0)
    assert type_similarity(document, {"a": 1.0}, table) == pytest.approx(1.0)
    assert type_similarity(document, {"b": 1.0}, table) == pytest.approx(0.0)
    assert type_similarity(document, {"a": 1.0, "b": 1.0}, table) == pytest.approx(0.5)
    assert type_similarity(document, {"a": 0.3, "b": 0.9}, table) == pytest.approx(0.25)
    assert type_similarity(document, {"c": 1.0}, table) is None


def test_a_document_is_closer_to_the_label_of_its_kind() -> None:
    text = ("MAINTENANCE AND SUPPORT AGREEMENT. The Supplier shall provide preventive "
            "maintenance, repairs, software updates and telephone support for the Equipment "
            "during the Support Term, and respond to service requests within four hours.")
    sims = label_type_similarities(text, LEVEL, ONTOLOGY)
    assert sims["Upkeep"] == pytest.approx(sims["Maintenance"])  # both mean maintenance
    assert sims["Upkeep"] > sims["Freight"]


def test_a_label_of_a_kind_without_a_prototype_neither_gains_nor_loses() -> None:
    text = "TRANSPORTATION AGREEMENT. The Carrier shall carry the Shipper's freight by truck."
    shipped = prototypes.table()
    only_two = {k: shipped[k] for k in ("maintenance", "transportation")}
    ontology = {**ONTOLOGY, "Noncompetition": {"description": "",
                                               "path": ["Contract", "Noncompetition"]}}
    level = ["Maintenance", "Freight", "Noncompetition"]
    sims = label_type_similarities(text, level, ontology, only_two)
    assert sims["Noncompetition"] == pytest.approx((sims["Maintenance"] + sims["Freight"]) / 2)
    assert label_type_similarities(text, level, ontology, {}) == {}


def test_at_the_root_a_kind_without_a_prototype_never_loses_through_the_prototypes() -> None:
    # a customer's Receipt beside Invoice: the corpus has invoices, no receipts; a receipt
    # must not lose to Invoice because invoices' prototype resembles it (decision 635)
    roots = {"Invoice": {"description": "", "path": ["Invoice"]},
             "Receipt": {"description": "Till and card payment receipts.", "path": ["Receipt"]},
             "Contract": {"description": "", "path": ["Contract"]}}
    text = ("RECEIPT\nCorner Shop Ltd\n2 x Coffee 5.00\nTotal 5.00 EUR\nPaid by card "
            "**** 4242\nThank you for your visit")
    shipped = prototypes.table()
    assert "receipt" not in shipped
    sims = label_type_similarities(text, list(roots), roots)
    assert sims["Receipt"] == pytest.approx(max(sims["Invoice"], sims["Contract"]))
    assert all(sims["Receipt"] >= v for v in sims.values())


def test_the_shipped_prototypes_are_knowledge_base_types_with_documents() -> None:
    table = prototypes.table()
    kinds = {key for key, family, _n, _c in KNOWLEDGE_BASE}
    assert set(table) <= kinds
    contract_kinds = {key for key, family, _n, _c in KNOWLEDGE_BASE if family == "contract"}
    assert len(set(table) & contract_kinds) >= 20
    for documents, summed in table.values():
        assert documents >= 1
        assert summed.shape == (384,)
        # a sum of unit vectors: no longer than the number of its documents
        assert 0.0 < float(np.linalg.norm(summed)) <= documents + 1e-3


def test_a_label_named_by_no_kind_is_also_looked_for_as_the_kind_it_means() -> None:
    mappings = sentence_mappings(LEVEL, ONTOLOGY)
    assert mappings["Upkeep"] == {"maintenance": 1.0, TRUST_KEY: SENTENCE_TRUST}
    assert "Maintenance" not in mappings  # its name names its kind
    context = level_context(ONTOLOGY, "Upkeep", LEVEL)
    words = knowledge_types("Upkeep", ONTOLOGY["Upkeep"]["description"], context)
    blended = blend_mapping(words, mappings["Upkeep"])
    assert max(blended, key=lambda k: blended[k]) == "maintenance"
    # its query gains the kind's names and cues ("repair", "technical support")
    before, _names = label_query("Upkeep", ONTOLOGY["Upkeep"], context)
    after, _names = label_query("Upkeep", ONTOLOGY["Upkeep"], context, mappings["Upkeep"])
    assert ("repair",) not in before
    assert {("repair",), ("technic", "support"), ("mainten",)} <= set(after)



def test_at_the_root_a_label_whose_words_name_nothing_stands_for_the_kind_it_reads_as() -> None:
    # a customer's roots without descriptions: "Signed Deals" names no kind by its words
    root = {name: {"description": "", "path": [name]}
            for name in ("Signed Deals", "Invoices", "Policies")}
    level = list(root)
    assert knowledge_types("Signed Deals", "") == {}
    mappings = sentence_mappings(level, root)
    assert set(mappings) == {"Signed Deals"}  # the others are named by their words
    assert mappings["Signed Deals"][TRUST_KEY] == OVERRIDE_TRUST
    assert max(readings("Signed Deals", root["Signed Deals"], root, level).items(),
               key=lambda kv: kv[1])[0] == "contract"
    # its query gains the contract kind's cues, so a contract has evidence for it
    before, _names = label_query("Signed Deals", root["Signed Deals"])
    after, _names = label_query("Signed Deals", root["Signed Deals"],
                                learned=mappings["Signed Deals"])
    cue = phrase_stems("governing law")
    assert cue not in before
    assert cue in after


def test_at_the_root_a_label_its_words_name_weakly_is_read_as_a_sentence_too() -> None:
    # "Deals & Commitments" names no kind; its description's "signed" is a cue of several
    description = "Anything we signed with another company."
    root: dict[str, dict[str, Any]] = {
        "Deals & Commitments": {"description": description, "path": ["Deals & Commitments"]},
        "Invoices": {"description": "", "path": ["Invoices"]}}
    level = list(root)
    words = knowledge_types("Deals & Commitments", description)
    assert words
    assert max(words.values()) < 1.0
    mapping = sentence_mappings(level, root)["Deals & Commitments"]
    assert mapping[TRUST_KEY] == SENTENCE_TRUST  # blended with what the words say
    blended = blend_mapping(words, mapping)
    assert max(blended, key=lambda k: blended[k]) == "contract"


def test_kinds_read_nearly_as_well_as_the_best_share_the_mapping() -> None:
    info = {"description": "", "path": ["Money Owed"]}
    ontology = {"Money Owed": info, "Contracts": {"description": "", "path": ["Contracts"]}}
    scored = readings("Money Owed", info, ontology, list(ontology))
    shares = prototypes.reading_shares("Money Owed", info, ontology, list(ontology))
    best = max(scored, key=lambda k: scored[k])
    assert shares[best] == 1.0
    for key, share in shares.items():
        gap = scored[best] - scored[key]
        assert gap < prototypes.READING_TIE
        assert share == pytest.approx(1.0 - gap / prototypes.READING_TIE, abs=1e-4)
    assert all(scored[best] - scored[k] >= prototypes.READING_TIE
               for k in scored if k not in shares)


# a customer's contract types, named as customers do: a generic word after a synonym the
# knowledge base does not list, a name naming one kind and a description another
CUSTOMER: dict[str, dict[str, Any]] = {
    "Contracts": {"description": "Signed agreements.", "path": ["Contracts"]},
    "BPO Services": {"description": "Outsourcing agreements.",
                     "path": ["Contracts", "BPO Services"]},
    "Purchasing Agreement": {"description": "Supply agreements with suppliers.",
                             "path": ["Contracts", "Purchasing Agreement"]},
    "Professional Services": {"description": "agreements.",
                              "path": ["Contracts", "Professional Services"]},
    "Hosting": {"description": "Web hosting agreements.", "path": ["Contracts", "Hosting"]},
}
CUSTOMER_LEVEL = ["BPO Services", "Purchasing Agreement", "Professional Services", "Hosting"]


def _words(label: str) -> dict[str, float]:
    return knowledge_types(label, CUSTOMER[label]["description"],
                           level_context(CUSTOMER, label, CUSTOMER_LEVEL))


def test_a_reading_clearly_closer_to_another_kind_overrides_what_the_name_names() -> None:
    # by their words: "services" is the service type, "purchasing agreement" the asset purchase
    assert max(_words("BPO Services"), key=lambda k: _words("BPO Services")[k]) == "service"
    assert set(_words("Purchasing Agreement")) == {"purchase_agreement"}
    for label, kind in (("BPO Services", "outsourcing"), ("Purchasing Agreement", "supply")):
        info = CUSTOMER[label]
        scored = readings(label, info, CUSTOMER, CUSTOMER_LEVEL)
        words_kind = max(_words(label), key=lambda k: _words(label)[k])
        assert scored[kind] - scored[words_kind] >= READING_MARGIN
        assert reading_override(label, info, CUSTOMER, CUSTOMER_LEVEL, _words(label)) == kind
        assert label_types(label, info, CUSTOMER, CUSTOMER_LEVEL) == {kind: 1.0}
        assert sentence_mappings(CUSTOMER_LEVEL, CUSTOMER)[label] == {
            kind: 1.0, TRUST_KEY: OVERRIDE_TRUST}


def test_a_close_reading_leaves_the_kind_the_name_names() -> None:
    info = CUSTOMER["Professional Services"]
    words = _words("Professional Services")
    assert max(words, key=lambda k: words[k]) == "service"
    scored = readings("Professional Services", info, CUSTOMER, CUSTOMER_LEVEL)
    # read as a sentence it is a little closer to consulting, not enough to override
    assert max(scored, key=lambda k: scored[k]) == "consulting"
    assert scored["consulting"] - scored["service"] < READING_MARGIN
    assert reading_override("Professional Services", info, CUSTOMER, CUSTOMER_LEVEL,
                            words) is None
    assert label_types("Professional Services", info, CUSTOMER, CUSTOMER_LEVEL) == words
    # and a name that reads as what it names is left alone
    assert reading_override("Hosting", CUSTOMER["Hosting"], CUSTOMER, CUSTOMER_LEVEL,
                            _words("Hosting")) is None
    assert "Hosting" not in sentence_mappings(CUSTOMER_LEVEL, CUSTOMER)


def test_a_label_worded_by_what_its_contracts_do_finds_its_kind() -> None:
    # neither name names a kind the knowledge base lists ("celebrity", "build"); read beside
    # what each kind is (knowledge_base.GLOSSES), the sentences find theirs
    ontology: dict[str, dict[str, Any]] = {
        "Contract": {"description": "", "path": ["Contract"]},
        "Celebrity and Athlete Deals": {"description": "A famous person promotes our brand.",
                                        "path": ["Contract", "Celebrity and Athlete Deals"]},
        "Build Contract": {"description": "A vendor builds custom software or a product for us.",
                           "path": ["Contract", "Build Contract"]},
        "Sponsorships": {"description": "We sponsor events, teams or organisations.",
                         "path": ["Contract", "Sponsorships"]},
    }
    level = [k for k in ontology if k != "Contract"]
    expected = {"Celebrity and Athlete Deals": "endorsement", "Build Contract": "development",
                "Sponsorships": "sponsorship"}
    for label, kind in expected.items():
        assert label_types(label, ontology[label], ontology, level) == {kind: 1.0}


def test_a_root_label_that_names_nothing_is_the_family_its_children_name() -> None:
    # "Executed Instruments" alone reads closest to a policy; its children name contract kinds
    ontology: dict[str, dict[str, Any]] = {
        "Executed Instruments": {"description": "", "path": ["Executed Instruments"]},
        "Compliance Library": {"description": "", "path": ["Compliance Library"]}}
    for child in ("Licensing", "Distribution", "Hosting", "Franchising", "Expert Advice"):
        ontology[child] = {"description": "", "path": ["Executed Instruments", child]}
    roots = ["Executed Instruments", "Compliance Library"]
    mapping = sentence_mappings(roots, ontology)["Executed Instruments"]
    assert mapping == {"contract": 1.0, TRUST_KEY: OVERRIDE_TRUST}
    assert label_types("Executed Instruments", ontology["Executed Instruments"], ontology,
                       roots) == {"contract": 1.0}
