"""Mapping a customer's label onto the knowledge base, and the weighted query it yields."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from .knowledge_base import KNOWLEDGE_BASE, MAPPING_ONLY, TITLE_PRECEDENCE
from .text import STOPWORDS, contains_phrase, phrase_stems, tokenize

#: Weight of a label's own name and of the names of the knowledge-base types it maps to.
NAME_WEIGHT = 3.0
#: Weight of the vocabulary cues of the mapped knowledge-base types.
CUE_WEIGHT = 1.0
#: Weight of the label's keywords and of the content words of its description.
KEYWORD_WEIGHT = 1.5
DESCRIPTION_WEIGHT = 0.3
#: Synonyms of a type count once (the best of them) rather than each.
GROUP_SYNONYMS = False
#: Types named only in a label's description also count when its name maps to a type.
DESCRIPTION_MAPPING_ALWAYS = False
#: Mapping strength of a knowledge-base type named in the label's name / description.
MAP_BY_NAME = 1.0
MAP_BY_DESCRIPTION = 0.5


def knowledge_types(name: str, description: str) -> dict[str, float]:
    """The knowledge-base types a customer label means: key -> mapping strength
    (:data:`MAP_BY_NAME` when the label's name contains one of the type's names as a
    stemmed phrase, :data:`MAP_BY_DESCRIPTION` when only its description does)."""
    return dict(_knowledge_types(name, description))


@lru_cache(maxsize=4096)
def _knowledge_types(name: str, description: str) -> dict[str, float]:
    """:func:`knowledge_types`, memoised per label (callers get a copy)."""
    name_st, desc_st = phrase_stems(name), phrase_stems(description)
    out: dict[str, float] = {}
    for key, _family, names, _cues in KNOWLEDGE_BASE:
        for synonym in names:
            syn = phrase_stems(synonym)
            if contains_phrase(name_st, syn):
                out[key] = MAP_BY_NAME
            elif contains_phrase(desc_st, syn):
                out[key] = max(out.get(key, 0.0), MAP_BY_DESCRIPTION)
    return out


Query = tuple[dict[tuple[str, ...], float], dict[tuple[str, ...], str]]


def label_query(name: str, info: dict[str, Any]) -> Query:
    """The weighted stemmed query terms of a label, and the synonym group of its name terms.

    Terms: the label's name (:data:`NAME_WEIGHT`), the names and cues of the knowledge-base
    types it maps to (scaled by the mapping strength), its keywords and the content words
    of its description. Names are synonyms: the terms of one group count once (the best
    of them), so a type with many spellings ("non-compete", "non-competition",
    "noncompetition") does not outweigh one with few."""
    terms: dict[tuple[str, ...], float] = {}
    names: dict[tuple[str, ...], str] = {}

    def add(phrase: str, weight: float, group: str | None = None) -> None:
        toks = phrase_stems(phrase)
        if not toks or len(toks) > 4 or (len(toks) == 1 and toks[0] in STOPWORDS):
            return
        terms[toks] = max(terms.get(toks, 0.0), weight)
        if group is not None:
            names.setdefault(toks, group)

    description = str(info.get("description") or "")
    add(name, NAME_WEIGHT, "name")
    mapped = knowledge_types(name, description)
    mapped_by_name = any(v >= MAP_BY_NAME for v in mapped.values())
    for key, family, type_names, cues in KNOWLEDGE_BASE:
        strength = mapped.get(key)
        if strength is None:
            continue
        # A description naming other kinds of contract ("... often with marketing fees")
        # blurs a contract kind; one naming other document types ("policies, terms and
        # privacy notices") widens a top-level label usefully.
        if (strength < MAP_BY_NAME and mapped_by_name and family
                and not DESCRIPTION_MAPPING_ALWAYS):
            continue
        group = "name" if strength >= MAP_BY_NAME else f"name:{key}"
        for synonym in type_names:
            if synonym not in MAPPING_ONLY:
                add(synonym, NAME_WEIGHT * strength, group)
        for cue in cues:
            add(cue, CUE_WEIGHT * strength)
    for keyword in info.get("keywords") or []:
        if isinstance(keyword, str):
            add(keyword, KEYWORD_WEIGHT)
    for word in tokenize(description):
        if len(word) > 3:
            add(word, DESCRIPTION_WEIGHT)
    return terms, names


QUERIES: dict[str, Query] = {}


def cached_query(name: str, info: dict[str, Any]) -> Query:
    key = json.dumps([name, info.get("description"), info.get("keywords")], sort_keys=True)
    if key not in QUERIES:
        if len(QUERIES) > 2000:
            QUERIES.clear()
        QUERIES[key] = label_query(name, info)
    return QUERIES[key]


def title_precedence(name: str, info: dict[str, Any]) -> int:
    """The precedence (:data:`TITLE_PRECEDENCE`) of the kinds a label's name maps to: when a
    title names several labels, the one with the highest precedence is the primary one."""
    mapped = _knowledge_types(name, str(info.get("description") or ""))
    return max((TITLE_PRECEDENCE.get(key, 0) for key, strength in mapped.items()
                if strength >= MAP_BY_NAME), default=0)
