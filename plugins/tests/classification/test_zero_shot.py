"""Zero-shot scores: the per-document analysis and the corpus weights are computed once and
reused by the next levels' calls, with the same scores as a fresh computation."""

from __future__ import annotations

import copy
import random
from typing import Any

from service_builtins.classification import text as text_module
from service_builtins.classification import zero_shot
from service_builtins.classification.text import (
    DOCUMENT_CACHE_SIZE,
    MAX_NGRAM,
    NgramCounts,
    analyse,
    document_terms,
    ngram_counts,
)

ONTOLOGY: dict[str, dict[str, Any]] = {
    "Contract": {"description": "Agreements between parties", "path": ["Contract"]},
    "Invoice": {"description": "Bills for goods or services", "path": ["Invoice"]},
    "Policy": {"description": "Company policies and terms", "path": ["Policy"]},
}
TEXT = ("SERVICES AGREEMENT\nThis Agreement is entered into by and between Acme Inc. and "
        "Beta LLC. In witness whereof the parties have executed this Agreement. " * 3)
STATS: dict[str, Any] = {
    "documents": 40, "df": {"agreement": 38, "the": 40, "invoice": 3, "policy": 5}}


def test_a_document_is_analysed_once_for_all_its_levels() -> None:
    first = document_terms("doc-1", TEXT)
    assert document_terms("doc-1", "".join(list(TEXT))) is first  # equal text, another object
    assert document_terms("doc-1", TEXT + " Amended.") is not first  # the text changed
    assert document_terms("doc-2", TEXT) is not first  # another document


def test_the_analysis_counts_stemmed_ngrams_of_body_head_and_title() -> None:
    terms = analyse(TEXT)
    assert terms.title_tokens == ("servic", "agreement")
    assert terms.title[("servic", "agreement")] == 1
    assert terms.body.get(("by", "and", "between")) == 3
    assert terms.body.get(("in", "wit", "whereof", "the")) == 3  # 4-grams are counted
    assert terms.body.get(("between", "by"), 0) == 0
    assert terms.body_length == len(text_module.stems(TEXT))


def test_ngram_counts_on_demand_equal_the_full_count() -> None:
    rng = random.Random(3)
    for _ in range(300):
        tokens = tuple(rng.choice("aabbc") for _ in range(rng.randint(0, 12)))
        full = ngram_counts(list(tokens), MAX_NGRAM)
        lazy = NgramCounts(tokens)
        for n in range(1, MAX_NGRAM + 2):
            for _ in range(6):
                term = tuple(rng.choice("abcd") for _ in range(n))
                assert lazy.get(term, 0) == full.get(term, 0)
                assert lazy.get(term) == full.get(term)
        assert all(lazy.get(term) == count for term, count in full.items())


def test_the_document_cache_is_bounded() -> None:
    for i in range(DOCUMENT_CACHE_SIZE + 5):
        document_terms(f"bound-{i}", TEXT)
    assert len(text_module._DOCUMENTS) == DOCUMENT_CACHE_SIZE


def test_corpus_weights_are_reused_for_a_copy_with_the_same_content() -> None:
    weights = zero_shot.cached_corpus_idf(STATS)
    assert weights is not None
    assert weights["agreement"] < weights["invoic"]
    assert zero_shot.cached_corpus_idf(copy.deepcopy(STATS)) is weights
    changed = copy.deepcopy(STATS)
    changed["df"]["invoice"] = 39
    assert zero_shot.cached_corpus_idf(changed) is not weights
    unhashable = {"documents": 40, "df": {"x": [1]}}  # not cached, computed as before
    assert zero_shot.cached_corpus_idf(unhashable) == zero_shot.corpus_idf(unhashable) == {}
    assert zero_shot.cached_corpus_idf(None) is None


def test_cached_scores_equal_a_fresh_computation() -> None:
    labels = list(ONTOLOGY)
    warm = zero_shot.bm25_scores(TEXT, labels, ONTOLOGY, STATS, "doc-3")
    again = zero_shot.bm25_scores(TEXT, labels, copy.deepcopy(ONTOLOGY),
                                  copy.deepcopy(STATS), "doc-3")
    text_module._DOCUMENTS.clear()
    zero_shot._IDF_CACHE.clear()
    zero_shot._IDF_LAST[:] = [None, None]
    cold = zero_shot.bm25_scores(TEXT, labels, ONTOLOGY, STATS, "doc-3")
    assert warm == again == cold
    assert max(cold, key=lambda k: cold[k][0]) == "Contract"
