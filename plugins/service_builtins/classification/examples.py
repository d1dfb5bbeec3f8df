"""What an organization's confirmed documents say each label means: the knowledge-base
types its confirmed documents are, independent of how the customer worded the label.

A customer's wording is what the zero-shot mapping gets wrong (a misleading name, a
description that names another kind, issue 33); a confirmed document is not. Each confirmed
document of a level is scored against the knowledge-base types themselves (their names and
cues only, :func:`.labels.type_query`, with the same BM25 as the labels); the type it scores
highest on is its vote. A label's learned mapping is the share of its documents' votes per
type, trusted ``n / (n + TRUST_PRIOR)`` for ``n`` documents times the share of the leading
type (agreement), and blended into its wording's mapping (:func:`.labels.blend_mapping`).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, OrderedDict
from typing import Any

from .knowledge_base import KNOWLEDGE_BASE, TITLE_PRECEDENCE
from .labels import TRUST_KEY, LevelContext, Query, level_context, type_query
from .zero_shot import score_queries

#: Characters of a confirmed document scored against the knowledge-base types (the engine
#: passes ~3000; the title and preamble carry the kind).
EXAMPLE_CHARS = 3000
#: Documents at which the examples are trusted half (``n / (n + TRUST_PRIOR)``); 1 and 2
#: chosen between on the tuning half's learning curve (two folds, six wordings): 2 kept
#: issue 11's wording at its figure.
TRUST_PRIOR = 2.0

#: Learned mappings: key (organization, level, training hash) -> label -> learned mapping.
MAPPING_CACHE: OrderedDict[str, dict[str, dict[str, float]]] = OrderedDict()
MAPPING_CACHE_MAX = 64
#: The vote of one text at one level context: (text hash, context) -> type key.
_VOTES: OrderedDict[tuple[str, str], str | None] = OrderedDict()
_VOTES_MAX = 4096


def candidate_types(context: LevelContext, depth: int) -> list[str]:
    """The knowledge-base types a document of this level can be: at the root the kinds
    without a family (a license is a contract there), below it the members of the families
    the ancestors mapped onto (contract kinds below "Contract"), else every type the
    ancestors did not decide."""
    if depth == 0:
        return [key for key, family, _n, _c in KNOWLEDGE_BASE if not family]
    members = [key for key, family, _n, _c in KNOWLEDGE_BASE
               if family and family in context.excluded]
    return members or [key for key, _f, _n, _c in KNOWLEDGE_BASE
                       if key not in context.excluded]


def _context_key(context: LevelContext, depth: int) -> str:
    return json.dumps([depth, sorted(context.excluded), sorted(context.decided)])


def type_vote(text: str, context: LevelContext, depth: int) -> str | None:
    """The knowledge-base type (:func:`candidate_types`) that ``text`` scores highest on,
    ``None`` when it matches none; memoised per text and level context."""
    key = (hashlib.sha256(text.encode()).hexdigest(), _context_key(context, depth))
    if key in _VOTES:
        _VOTES.move_to_end(key)
        return _VOTES[key]
    types = candidate_types(context, depth)
    queries: dict[str, Query] = {t: type_query(t, context) for t in types}
    scores = score_queries(text, queries, {t: TITLE_PRECEDENCE.get(t, 0) for t in types})
    best = max(scores.items(), key=lambda kv: kv[1][0], default=None)
    vote = best[0] if best is not None and best[1][0] > 0 else None
    _VOTES[key] = vote
    while len(_VOTES) > _VOTES_MAX:
        _VOTES.popitem(last=False)
    return vote


def learned_mappings(
    examples: list[Any], current_path: list[str], available: list[str],
    ontology: dict[str, Any], organization: str = "",
) -> dict[str, dict[str, float]]:
    """Label -> learned mapping (``{type: share of its documents' votes, TRUST_KEY:
    trust}``) of the labels of this level that have confirmed documents.

    ``examples`` is ``metadata["training_examples"]`` (``[{"text", "labels": path}]``); an
    example counts at this level when its path starts with ``current_path`` and continues
    with one of ``available``. Cached per organization, level and training set."""
    depth = len(current_path)
    by_label: dict[str, list[str]] = {}
    digest = hashlib.sha256()
    for ex in examples:
        labels = ex.get("labels") if isinstance(ex, dict) else None
        text = ex.get("text") if isinstance(ex, dict) else None
        if not isinstance(labels, list) or not isinstance(text, str) or len(labels) <= depth:
            continue
        if labels[:depth] != current_path or labels[depth] not in available:
            continue
        by_label.setdefault(str(labels[depth]), []).append(text[:EXAMPLE_CHARS])
        digest.update(str(labels[depth]).encode() + b"\0" + text[:EXAMPLE_CHARS].encode())
    if not by_label:
        return {}
    context = level_context(ontology, available[0], available)
    cache_key = json.dumps([organization, current_path, sorted(available),
                            _context_key(context, depth), digest.hexdigest()])
    if cache_key in MAPPING_CACHE:
        MAPPING_CACHE.move_to_end(cache_key)
        return MAPPING_CACHE[cache_key]
    out: dict[str, dict[str, float]] = {}
    for label, texts in by_label.items():
        votes = Counter(v for v in (type_vote(t, context, depth) for t in texts) if v)
        if not votes:
            continue
        n = len(texts)
        agreement = votes.most_common(1)[0][1] / n
        learned = {key: round(count / n, 4) for key, count in votes.items()}
        learned[TRUST_KEY] = round(n / (n + TRUST_PRIOR) * agreement, 4)
        out[label] = learned
    MAPPING_CACHE[cache_key] = out
    while len(MAPPING_CACHE) > MAPPING_CACHE_MAX:
        MAPPING_CACHE.popitem(last=False)
    return out
