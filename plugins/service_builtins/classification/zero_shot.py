"""Zero-shot scores: BM25 of each label's query over the document, weighted by the
organization's own document frequencies, and the softmax that turns them into a distribution."""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from typing import Any

from .labels import GROUP_SYNONYMS, Query, cached_query, level_context, title_precedence
from .text import NgramCounts, document_terms, document_words, stem

#: BM25 parameters (Robertson & Zaragoza 2009, the usual defaults).
BM25_K1 = 1.2
BM25_B = 0.75
#: Average document length in tokens assumed for BM25 length normalisation.
BM25_AVGDL = 3000.0
#: Weight of the title/preamble score relative to the whole-document score.
HEAD_WEIGHT = 2.0
#: Softmax temperature applied to the zero-shot scores: temperature scaling (Guo et al., "On
#: Calibration of Modern Neural Networks", ICML 2017), fitted by the negative log-likelihood of
#: the true label over every level of the quality corpus's tuning half
#: (bench/quality/calibration.py, docs/quality.md "Calibration"). At 1.5 nearly every answer,
#: right or wrong, had p > 0.99.
ZERO_SHOT_TEMPERATURE = 11.0
#: Weight of a label name (or mapped type name) found in the document's title lines.
TITLE_WEIGHT = 24.0
TITLE_ONCE = True
#: Kinds of equal precedence named in one title share the full title bonus.
TITLE_ORDER_EQUAL = True
#: Least corpus weight of a term: a word in every document of the organization still counts
#: this much (the root level's discriminating words, "agreement", are in most documents).
CORPUS_WEIGHT_FLOOR = 0.6
#: What an evidence term found in the title lines starts with ("title: supply agreement").
TITLE_EVIDENCE = "title: "


def corpus_idf(statistics: Any) -> dict[str, float] | None:
    """Per-stem weights in [0.1, 1] from ``metadata["corpus_statistics"]``
    (``{"documents": n, "df": {word: df}}``): ``log((n + 1) / (df + 0.5)) / log(n + 1)``, so
    a word in nearly every document of the organization weighs little; ``None`` without
    statistics."""
    if not isinstance(statistics, dict):
        return None
    n = statistics.get("documents")
    df = statistics.get("df")
    if not isinstance(n, int) or n < 20 or not isinstance(df, dict):
        return None
    by_stem: dict[str, int] = {}
    for word, count in df.items():
        if isinstance(word, str) and isinstance(count, int):
            root = stem(word)
            by_stem[root] = max(by_stem.get(root, 0), count)
    top = math.log(n + 1)
    return {root: max(CORPUS_WEIGHT_FLOOR, min(1.0, math.log((n + 1) / (c + 0.5)) / top))
            for root, c in by_stem.items()}


#: Corpus weights of the statistics seen last and of a few recent tables, keyed by content.
_IDF_CACHE: OrderedDict[tuple[int, int, int], dict[str, float] | None] = OrderedDict()
_IDF_LAST: list[Any] = [None, None]  # [statistics object, its weights]


def _statistics_key(statistics: Any) -> tuple[int, int, int] | None:
    """Content key of a ``corpus_statistics`` table (document count, size, hash of the ``df``
    items), or ``None`` when it is not a well-formed table."""
    df = statistics.get("df") if isinstance(statistics, dict) else None
    if not isinstance(df, dict):
        return None
    try:
        return hash(statistics.get("documents")), len(df), hash(tuple(df.items()))
    except TypeError:  # an unhashable count: corpus_idf ignores the table anyway
        return None


def cached_corpus_idf(statistics: Any) -> dict[str, float] | None:
    """:func:`corpus_idf` of ``statistics``, reused while the table is the same: the same
    object (in process) or the same content (the runtime hands each call its own copy of the
    shared value, so the table is keyed by :func:`_statistics_key`). A table is not expected
    to change in place."""
    if statistics is not None and statistics is _IDF_LAST[0]:
        last: dict[str, float] | None = _IDF_LAST[1]
        return last
    key = _statistics_key(statistics)
    if key is None:
        return corpus_idf(statistics)
    if key in _IDF_CACHE:
        _IDF_CACHE.move_to_end(key)
    else:
        _IDF_CACHE[key] = corpus_idf(statistics)
        while len(_IDF_CACHE) > 8:
            _IDF_CACHE.popitem(last=False)
    _IDF_LAST[:] = [statistics, _IDF_CACHE[key]]
    return _IDF_CACHE[key]


def bm25_scores(
    text: str, labels: list[str], ontology: dict[str, dict[str, Any]],
    statistics: Any = None, document_id: str | None = None,
    learned: dict[str, dict[str, float]] | None = None,
) -> dict[str, tuple[float, list[str]]]:
    """Score ``text`` against each label's query with BM25 (whole text, weighted head and
    title lines) over stemmed n-grams (:func:`score_queries`).

    ``learned`` is the mapping onto knowledge-base types that the organization's confirmed
    documents give each label (:func:`.examples.learned_mappings`), blended into the
    mapping its wording gives. Returns label -> (score, evidence terms, strongest first,
    as stems: see :func:`score_queries`).
    """
    learned = learned or {}
    contexts = {label: level_context(ontology, label, labels) for label in labels}
    queries = {label: cached_query(label, ontology.get(label) or {}, contexts[label],
                                   learned.get(label))
               for label in labels}
    precedence = {label: title_precedence(label, ontology.get(label) or {}, contexts[label])
                  for label in labels}
    return score_queries(text, queries, precedence, statistics, document_id)


def score_queries(
    text: str, queries: dict[str, Query], precedence: dict[str, int],
    statistics: Any = None, document_id: str | None = None,
) -> dict[str, tuple[float, list[str]]]:
    """Score ``text`` against each named query (:data:`.labels.Query`) with BM25.

    Term weight = query weight x IDF over the queries (a term in every query discriminates
    nothing) x the organization's corpus weight (:func:`corpus_idf`, mean over the term's
    stems). A query's names found in the title add :data:`TITLE_WEIGHT` (times its best
    name's weight), half of it when another query named there has a higher ``precedence``
    (:data:`.knowledge_base.TITLE_PRECEDENCE`). The document's stemmed n-gram counts are
    computed once per document (``document_id`` and text, :func:`text.document_terms`) and
    reused by its other levels. Returns name -> (score, evidence terms): a query's five
    strongest terms, strongest first, each its stems joined by spaces (``"suppli agreement"``),
    ``"title: "`` first for the name found in the title lines; :func:`evidence_words` puts the
    reported ones in the document's own words (done for the chosen label only: the other
    labels' evidence is never shown).
    """
    df: Counter[tuple[str, ...]] = Counter()
    for query, _names in queries.values():
        df.update(query.keys())
    n_labels = max(len(queries), 1)
    org_idf = cached_corpus_idf(statistics)
    terms = document_terms(document_id, text)
    title = terms.title
    rank_in_title = _title_ranks(queries, precedence, terms.title_tokens, title)
    primary = min(rank_in_title.values(), default=None)
    body, head = terms.body, terms.head

    # A term's weight and its BM25 part in the text do not depend on the label: computed once
    # per call (the labels' queries share their knowledge-base cues and common words).
    weights: dict[tuple[str, ...], float] = {}
    in_text: dict[tuple[str, ...], float] = {}

    def weight(term: tuple[str, ...]) -> float:
        idf = weights.get(term)
        if idf is None:
            idf = math.log(1 + (n_labels - df[term] + 0.5) / (df[term] + 0.5))
            if org_idf is not None:
                idf *= sum(org_idf.get(t, 1.0) for t in term) / len(term)
            weights[term] = idf
        return idf

    def part(counts: Counter[tuple[str, ...]] | NgramCounts, length: int,
             term: tuple[str, ...]) -> float:
        tf = counts.get(term, 0)
        if not tf:
            return 0.0
        norm = BM25_K1 * (1 - BM25_B + BM25_B * length / BM25_AVGDL)
        return tf * (BM25_K1 + 1) / (tf + norm)

    out: dict[str, tuple[float, list[str]]] = {}
    for label, (query, names) in queries.items():
        best: dict[str, tuple[float, str]] = {}
        # Being named in the title is one fact about a label, however many of its synonyms
        # the title uses ("Non-Competition and Non-Solicitation"): its best name counts.
        in_title = (0.0, "")
        factor = TITLE_WEIGHT * (1.0 if rank_in_title.get(label) == primary else 0.5)
        for term, w in query.items():
            if term in names and title.get(term) and TITLE_ONCE:
                in_title = max(in_title, (w * weight(term) * factor,
                                          TITLE_EVIDENCE + " ".join(term)))
            s = in_text.get(term)
            if s is None:
                s = in_text[term] = part(body, terms.body_length, term) + HEAD_WEIGHT * part(
                    head, terms.head_length, term)
            if term in names and title.get(term) and not TITLE_ONCE:
                s += factor
            if not s:
                continue
            group = (names.get(term) if GROUP_SYNONYMS else None) or " ".join(term)
            value = w * weight(term) * s
            if group not in best or value > best[group][0]:
                best[group] = (value, " ".join(term))
        if in_title[0]:
            best["title"] = in_title
        contributions = sorted(best.values(), reverse=True)
        out[label] = (sum(c for c, _ in contributions), [t for _, t in contributions[:5]])
    return out


def evidence_words(text: str, document_id: str | None, evidence: list[str]) -> list[str]:
    """``evidence`` of :func:`score_queries` over ``text`` (stems joined by spaces) in the
    document's own words, lower case: each term's words at its first occurrence in the text,
    a title term's (``"title: "`` first) in the title lines (:func:`.text.document_words`;
    ``"title: suppli agreement"`` -> ``"title: supply agreement"``, ``"parti"`` ->
    ``"parties"``), each string once. Reads the document's cached analysis
    (:func:`.text.document_terms`, the ``document_id`` and ``text`` the scores were computed
    with), which keeps the words beside the stems: ~3 µs per term (median over the corpus's
    reported terms; up to ~0.3 ms for a term first found at the end of a long contract)."""
    if not evidence:
        return []
    terms = document_terms(document_id, text)
    shown: dict[str, None] = {}
    for item in evidence:
        if item.startswith(TITLE_EVIDENCE):
            stems = tuple(item[len(TITLE_EVIDENCE):].split(" "))
            words = TITLE_EVIDENCE + document_words(terms, stems, title=True)
        else:
            words = document_words(terms, tuple(item.split(" ")))
        shown[words] = None
    return list(shown)


def _title_ranks(
    queries: dict[str, Query], precedence: dict[str, int],
    title_tokens: tuple[str, ...], title: Counter[tuple[str, ...]],
) -> dict[str, tuple[int, int]]:
    """Rank of each query that names itself in the title (``title``: the title's n-gram
    counts, ``title_tokens``: its stemmed tokens), lowest first: minus its ``precedence``,
    then (unless :data:`TITLE_ORDER_EQUAL`) the position of its first name in the title.
    Queries not named in the title are absent."""

    def title_position(term: tuple[str, ...]) -> int:
        n = len(term)
        return next(i for i in range(len(title_tokens) - n + 1)
                    if title_tokens[i:i + n] == term)

    # The primary kind a title names gets the full title bonus, the others half: the kind
    # with precedence ("Amendment to the License Agreement"); kinds of equal precedence
    # ("License and Hosting Agreement") all get it. (The order of naming decided between
    # them until issue 33 in form only: every label that mapped "agreement" was named at
    # the title's "Agreement" and tied; CUAD files such titles under either kind.)
    rank_in_title: dict[str, tuple[int, int]] = {}
    for label, (_query, names) in queries.items():
        hits = [title_position(t) for t in names if title.get(t)]
        if hits:
            rank_in_title[label] = (-precedence.get(label, 0),
                                    0 if TITLE_ORDER_EQUAL else min(hits))
    return rank_in_title


def softmax(scores: dict[str, float], temperature: float) -> dict[str, float]:
    """Softmax of ``scores`` with ``temperature`` (numerically stable)."""
    if not scores:
        return {}
    top = max(scores.values())
    exps = {k: math.exp((v - top) / temperature) for k, v in scores.items()}
    total = sum(exps.values())
    return {k: v / total for k, v in exps.items()}

