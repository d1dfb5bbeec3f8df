"""Mapping a customer's label onto the knowledge base, and the weighted query it yields."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Any, NamedTuple

from .knowledge_base import KNOWLEDGE_BASE, MAPPING_ONLY, TITLE_PRECEDENCE
from .reading import kind_names, root_kind
from .text import STOPWORDS, phrase_stems, stem, tokenize

#: Weight of a label's own name and of the names of the knowledge-base types it maps to.
NAME_WEIGHT = 3.0
#: Weight of the vocabulary cues of the mapped knowledge-base types.
CUE_WEIGHT = 1.0
#: Weight of the label's keywords and of the content words of its description.
KEYWORD_WEIGHT = 1.5
DESCRIPTION_WEIGHT = 0.3
#: Synonyms of a type count once (the best of them) rather than each.
GROUP_SYNONYMS = False
#: Mapping strength of a knowledge-base type named in the label's name / description.
MAP_BY_NAME = 1.0
MAP_BY_DESCRIPTION = 0.5
#: Mapping score a description word adds to each knowledge-base type whose cues contain it,
#: times the word's rarity among the types (``log(N / df) / log(N)``): a description that
#: names no type ("A company buys our products to sell them on in a territory") still says
#: which kind it means by its vocabulary.
MAP_BY_CUE = 0.15
#: A type whose mapping score is below this share of the label's best type is dropped.
MAP_MIN_SHARE = 0.3
#: How much a label's own words (name, keywords, description) lose, times the trust in its
#: confirmed documents and their disagreement with the wording (:func:`own_words_weight`): a
#: name that misleads keeps misleading otherwise (0.5 and 1 alike on the tuning half's
#: learning curve; 1 lets examples that all disagree silence the name).
OWN_WORDS_DISCOUNT = 1.0

#: Words that name no kind of document below the root on their own: what the parent level
#: already decided ("a contract") or a customer's generic filler ("… Deal", "… Services").
#: Below the root they carry no weight in a label's name or description; a name made only
#: of them keeps them (the ontology report warns about it).
GENERIC_WORDS = frozenset(stem(w) for w in (
    "agreement", "agreements", "contract", "contracts", "deal", "deals", "service",
    "services", "terms", "arrangement", "arrangements", "document", "documents", "other",
    "general", "misc", "miscellaneous", "type", "types", "kind", "form", "forms"))


class LevelContext(NamedTuple):
    """What the level of a label already knows: the knowledge-base types its ancestors
    mapped onto (a child cannot mean them again) and the stems that carry no weight at
    this level (:data:`GENERIC_WORDS` below the root, the ancestors' name words and their
    types' names, and words most siblings' names share)."""

    excluded: frozenset[str] = frozenset()
    generic: frozenset[str] = frozenset()
    #: the part of ``generic`` the ancestors decided (their names and their types' names):
    #: not even a knowledge-base cue of a child counts with these words alone
    decided: frozenset[str] = frozenset()


ROOT = LevelContext()


def _kb_names() -> list[tuple[tuple[str, ...], str]]:
    """Every knowledge-base name as stems with its type, longest first (phrases before
    words)."""
    out = [(phrase_stems(synonym), key) for key, _f, names, _c in KNOWLEDGE_BASE
           for synonym in names]
    return sorted((x for x in out if x[0]), key=lambda x: -len(x[0]))


_KB_NAMES = _kb_names()


def _cue_rarity() -> dict[str, dict[str, float]]:
    """Single cue stem -> {type: rarity in (0, 1]} (``log(N / df) / log(N)`` over the N
    types; a cue word of every type weighs nothing)."""
    holders: dict[str, set[str]] = {}
    for key, _f, names, cues in KNOWLEDGE_BASE:
        for phrase in (*names, *cues):
            for word in phrase_stems(phrase):
                if word not in STOPWORDS:
                    holders.setdefault(word, set()).add(key)
    n = len(KNOWLEDGE_BASE)
    return {w: {k: math.log(n / len(ks)) / math.log(n) for k in ks}
            for w, ks in holders.items()}


_CUE_RARITY = _cue_rarity()


def _phrase_matches(tokens: tuple[str, ...], context: LevelContext,
                    generic_words: bool) -> dict[str, float]:
    """Knowledge-base types named in ``tokens``: longest names first, each token used by
    one name; a single generic word counts only with ``generic_words``. Type -> number of
    its names found."""
    used = [False] * len(tokens)
    found: dict[str, float] = {}
    for syn, key in _KB_NAMES:
        n = len(syn)
        if key in context.excluded:
            continue
        if n == 1 and syn[0] in context.generic and not generic_words:
            continue
        for i in range(len(tokens) - n + 1):
            if tokens[i:i + n] == syn and not any(used[i:i + n]):
                used[i:i + n] = [True] * n
                found[key] = found.get(key, 0.0) + 1.0
    return found


def knowledge_types(name: str, description: str,
                    context: LevelContext = ROOT) -> dict[str, float]:
    """The knowledge-base types a customer label means: key -> mapping score in (0, 1].

    Read from the name and the description as a whole, phrases before single words (a
    token belongs to the longest type name it is part of: "Contract Manufacturing" is
    manufacturing, "Research and Development" collaboration). A type named in the name
    scores :data:`MAP_BY_NAME`; one named in the description :data:`MAP_BY_DESCRIPTION`;
    each description word among a type's cues adds :data:`MAP_BY_CUE` times its rarity.
    ``context`` (:func:`level_context`) removes what the parent level decided: its types
    cannot be mapped again and its generic words name nothing, unless the name has nothing
    else (a label named "Service"). Types below :data:`MAP_MIN_SHARE` of the best are
    dropped; scores are capped at 1."""
    return dict(_knowledge_types(name, description, context))


@lru_cache(maxsize=4096)
def _knowledge_types(name: str, description: str,
                     context: LevelContext) -> dict[str, float]:
    """:func:`knowledge_types`, memoised per label (callers get a copy)."""
    name_st, desc_st = phrase_stems(name), phrase_stems(description)
    by_name = _phrase_matches(name_st, context, generic_words=False)
    if not by_name:
        by_name = _phrase_matches(name_st, context, generic_words=True)
    scores = dict.fromkeys(by_name, MAP_BY_NAME)
    # a name meaning a family of kinds ("Contract") is not narrowed by the kinds its
    # description lists ("agreements with … partners")
    # and a name that means a kind is not blurred by the other kinds (of a family) its
    # description mentions ("Invoices we receive from suppliers" is no supply contract)
    families = {family for _k, family, _n, _c in KNOWLEDGE_BASE if family} & set(by_name)
    excluded = context.excluded | {k for k, family, _n, _c in KNOWLEDGE_BASE
                                   if family in families or (by_name and family
                                                             and k not in by_name)}
    context = LevelContext(frozenset(excluded), context.generic)
    for key, count in _phrase_matches(desc_st, context, generic_words=False).items():
        scores[key] = scores.get(key, 0.0) + MAP_BY_DESCRIPTION * min(count, 2.0)
    seen: set[str] = set()
    for word in desc_st:
        if word in seen or word in context.generic or word in STOPWORDS:
            continue
        seen.add(word)
        for key, rarity in _CUE_RARITY.get(word, {}).items():
            if key not in context.excluded:
                scores[key] = scores.get(key, 0.0) + MAP_BY_CUE * rarity
    top = max(scores.values(), default=0.0)
    return {key: round(min(1.0, s), 4) for key, s in scores.items()
            if s >= MAP_MIN_SHARE * top and s >= MAP_BY_CUE}


def level_context(ontology: dict[str, Any], label: str, siblings: list[str]) -> LevelContext:
    """The :class:`LevelContext` of ``label``'s level: ``ontology`` is
    ``metadata["ontology_labels"]`` (each label's ``path`` root first), ``siblings`` the
    labels of the level (``label`` among them). The root level has no context."""
    info = ontology.get(label) or {}
    path = info.get("path") if isinstance(info, dict) else None
    ancestors = tuple(str(a) for a in path[:-1]) if isinstance(path, list) else ()
    if not ancestors:
        return ROOT
    descriptions = tuple(_description(ontology.get(a)) for a in ancestors)
    return _level_context(ancestors, descriptions, tuple(siblings))


def _description(info: Any) -> str:
    """A label's description (its ``ontology_labels`` entry), "" when it has none."""
    return str(info.get("description") or "") if isinstance(info, dict) else ""


@lru_cache(maxsize=4096)
def _level_context(ancestors: tuple[str, ...], descriptions: tuple[str, ...],
                   siblings: tuple[str, ...]) -> LevelContext:
    """:func:`level_context` from what it reads of the ontology: the label's ancestors (root
    first), their descriptions and the level's labels. Memoised: the engine asks every label
    of a level for every document (~0.7 ms a call for the customer ontology's 15 labels),
    and each call gets its own copy of the ontology, so the key is its content."""
    excluded: set[str] = set()
    generic: set[str] = set(GENERIC_WORDS)
    decided: set[str] = set()
    context = ROOT
    for ancestor, a_desc in zip(ancestors, descriptions, strict=True):
        mapped = _knowledge_types(ancestor, a_desc if not _phrase_matches(
            phrase_stems(ancestor), context, True) else "", context)
        for key, score in mapped.items():
            if score >= MAP_MIN_SHARE:
                excluded.add(key)
                for _k, _f, names, _c in KNOWLEDGE_BASE:
                    if _k == key:
                        decided.update(w for n in names for w in phrase_stems(n))
        decided.update(phrase_stems(ancestor))
        generic |= decided
        context = LevelContext(frozenset(excluded), frozenset(generic))
    if ancestors and not excluded:
        # a parent whose words name no kind ("Commitments") is the family most of its
        # children name, else (a root) the family it reads as, if it reads as one: without
        # it, a child could be mapped onto the parent's own kind ("Build Contracts" as a
        # contract) and take every document of the level. A parent read as another kind
        # ("Finance" as a bank statement) decides nothing: a guess must not take a kind
        # from its children
        kind = _siblings_family(siblings, context) or (
            root_kind(ancestors[0], descriptions[0]) if len(ancestors) == 1 else None)
        if kind in _FAMILIES:
            excluded.add(kind)
            decided.update(w for n in kind_names(kind) for w in phrase_stems(n))
            generic |= decided
    # words most siblings' names share tell them apart no more than a generic word
    if len(siblings) >= 3:
        counts: dict[str, int] = {}
        for sibling in siblings:
            for word in set(phrase_stems(sibling)):
                counts[word] = counts.get(word, 0) + 1
        shared = {w for w, c in counts.items() if c * 2 > len(siblings)}
        generic |= shared
        decided |= shared
    return LevelContext(frozenset(excluded), frozenset(generic), frozenset(decided))


def children_family(label: str, ontology: dict[str, Any]) -> str | None:
    """The family (``"contract"``) more than half of ``label``'s children name a member of by
    their names' words (``ontology`` is ``metadata["ontology_labels"]``, each label's ``path``
    root first); ``None`` when none does or the label has no children."""
    info = ontology.get(label)
    path = info.get("path") if isinstance(info, dict) else None
    if not isinstance(path, list):
        return None
    children = tuple(name for name, child in ontology.items() if isinstance(child, dict)
                     and child.get("path") == [*path, name])
    return _children_family(children) if children else None


@lru_cache(maxsize=1024)
def _children_family(children: tuple[str, ...]) -> str | None:
    """:func:`children_family` of the children's names, memoised: the root level asks it of
    its labels for every document."""
    return _siblings_family(children, LevelContext(generic=GENERIC_WORDS))


#: The kinds that have members ("contract").
_FAMILIES = frozenset(family for _k, family, _n, _c in KNOWLEDGE_BASE if family)


def _siblings_family(siblings: tuple[str, ...], context: LevelContext) -> str | None:
    """The family (``"contract"``) that more than half of ``siblings`` name a member of by
    their names' words, ``None`` when none does."""
    families = {key: family for key, family, _n, _c in KNOWLEDGE_BASE if family}
    counts: dict[str, int] = {}
    for sibling in siblings:
        named = {families[key] for key in _phrase_matches(phrase_stems(sibling), context, False)
                 if key in families}
        for family in named:
            counts[family] = counts.get(family, 0) + 1
    best = max(counts, key=lambda f: counts[f], default=None)
    return best if best is not None and counts[best] * 2 > len(siblings) else None


def meaningful(name: str, context: LevelContext) -> str:
    """``name`` without the words that carry no weight at its level (``context.generic``);
    the whole name when nothing else is left."""
    kept = [w for w in tokenize(name) if stem(w) not in context.generic]
    return " ".join(kept) if kept else name


Query = tuple[dict[tuple[str, ...], float], dict[tuple[str, ...], str]]


def blend_mapping(mapped: dict[str, float], learned: dict[str, float] | None
                  ) -> dict[str, float]:
    """The mapping of a label once its confirmed documents have spoken.

    ``learned`` is :func:`.examples.learned_mappings`' ``{type: share of the documents'
    votes}`` with the trust in them under :data:`TRUST_KEY` (in [0, 1)). Each type's score
    moves from the wording's (``mapped``, 0 for a type it does not name) towards its share
    relative to the most voted type's, by ``trust``: the kind the documents are rises towards
    a full mapping (1), a kind the wording named and the documents do not fades. Types below
    :data:`MAP_MIN_SHARE` of the best are dropped. A wording that names the wrong kind, or
    the right one weakly, so yields to what the customer confirmed, more the more documents
    agree."""
    if not learned:
        return mapped
    trust = learned.get(TRUST_KEY, 0.0)
    shares = {k: v for k, v in learned.items() if k != TRUST_KEY}
    top_share = max(shares.values(), default=0.0)
    if not top_share:
        return mapped
    blended = {key: (1.0 - trust) * mapped.get(key, 0.0) + trust * shares.get(key, 0.0)
               / top_share for key in {*mapped, *shares}}
    top = max(blended.values(), default=0.0)
    return {key: round(score, 4) for key, score in blended.items()
            if score >= MAP_MIN_SHARE * top and score > 0}


def chain_learned(first: dict[str, float], then: dict[str, float]) -> dict[str, float]:
    """One learned mapping (:func:`blend_mapping`'s ``learned``) that moves a wording's
    mapping as ``first`` and then ``then`` would, one after the other: the trust
    ``1 - (1 - t1)(1 - t2)``, and each type's share the two shares (each relative to its
    best) weighted by what each step moves, ``(1 - t2) t1`` and ``t2``. Used where a label's
    reading as a sentence (:func:`.prototypes.sentence_mappings`) has moved its mapping and
    confirmed documents move it further, so that five documents of mixed kinds add to what
    the reading said instead of replacing it. Either empty: the other."""
    t1, t2 = first.get(TRUST_KEY, 0.0), then.get(TRUST_KEY, 0.0)
    trust = 1.0 - (1.0 - t1) * (1.0 - t2)
    if not first or not then or trust <= 0:
        return then or first
    out: dict[str, float] = {}
    for learned, weight in ((first, (1.0 - t2) * t1), (then, t2)):
        shares = {k: v for k, v in learned.items() if k != TRUST_KEY}
        top = max(shares.values(), default=0.0)
        for key, share in shares.items():
            if top > 0:
                out[key] = out.get(key, 0.0) + weight * share / top / trust
    return {**{k: round(v, 4) for k, v in out.items()}, TRUST_KEY: round(trust, 4)}


def own_words_weight(mapped: dict[str, float], learned: dict[str, float] | None) -> float:
    """The weight of a label's own words (name, keywords, description) given what its
    confirmed documents say (``learned``, :func:`blend_mapping`): 1 when they confirm the
    wording's mapping ``mapped``, down to ``1 - trust x`` :data:`OWN_WORDS_DISCOUNT` when
    they vote for none of its types (a misleading name keeps misleading otherwise)."""
    if not learned:
        return 1.0
    total = sum(mapped.values())
    confirmed = (sum(score * learned.get(key, 0.0) for key, score in mapped.items()) / total
                 if total else 0.0)
    return 1.0 - learned.get(TRUST_KEY, 0.0) * (1.0 - confirmed) * OWN_WORDS_DISCOUNT


#: Key of a learned mapping (:func:`blend_mapping`) holding the trust in the examples.
TRUST_KEY = "_trust"


def type_query(key: str, context: LevelContext = ROOT) -> Query:
    """The query of one knowledge-base type alone (its names and cues, as a label mapped
    onto it with full strength gets them), independent of any customer's wording: what a
    confirmed document is scored against to tell which kind it is."""
    return label_query("", {}, context, {TRUST_KEY: 1.0, key: 1.0})


def label_query(name: str, info: dict[str, Any], context: LevelContext = ROOT,
                learned: dict[str, float] | None = None) -> Query:
    """The weighted stemmed query terms of a label, and the synonym group of its name terms.

    Terms: the label's name and its name without the level's generic words
    (:func:`meaningful`; :data:`NAME_WEIGHT`), the names and cues of the knowledge-base types
    it maps to (:func:`knowledge_types`, scaled by the mapping score), its keywords and the
    content words of its description. With ``learned`` (what its confirmed documents say,
    :func:`blend_mapping`) the mapping is blended and the label's own words weigh
    :func:`own_words_weight`. Words of ``context.generic`` (what the parent level
    decided, "agreement") are not terms of a child label: they would tell nothing about the
    child but match every document of the parent. Names are synonyms: the terms of one
    group count once (the best of them)."""
    terms: dict[tuple[str, ...], float] = {}
    names: dict[tuple[str, ...], str] = {}

    def add(phrase: str, weight: float, group: str | None = None,
            weightless: frozenset[str] = context.generic) -> None:
        toks = phrase_stems(phrase)
        if not toks or len(toks) > 4 or all(t in weightless or t in STOPWORDS for t in toks):
            return
        terms[toks] = max(terms.get(toks, 0.0), weight)
        if group is not None:
            names.setdefault(toks, group)

    description = str(info.get("description") or "")
    own = meaningful(name, context)
    worded = knowledge_types(name, description, context)
    mapped = blend_mapping(worded, learned)
    words = own_words_weight(worded, learned)
    # a name made only of generic words ("Service") is what tells this label apart
    add(name, NAME_WEIGHT * words, "name",
        context.decided if own == name else context.generic)
    add(own, NAME_WEIGHT * words, "name", context.decided if own == name else context.generic)
    for key, _family, type_names, cues in KNOWLEDGE_BASE:
        strength = mapped.get(key)
        if strength is None:
            continue
        group = "name" if strength >= MAP_BY_NAME else f"name:{key}"
        for synonym in type_names:
            if synonym not in MAPPING_ONLY:
                add(synonym, NAME_WEIGHT * strength, group, context.decided)
        for cue in cues:
            add(cue, CUE_WEIGHT * strength, None, context.decided)
    for keyword in info.get("keywords") or []:
        if isinstance(keyword, str):
            add(keyword, KEYWORD_WEIGHT * words)
    for word in tokenize(description):
        if len(word) > 3:
            add(word, DESCRIPTION_WEIGHT * words)
    return terms, names


QUERIES: dict[str, Query] = {}


def cached_query(name: str, info: dict[str, Any], context: LevelContext = ROOT,
                 learned: dict[str, float] | None = None) -> Query:
    """:func:`label_query`, memoised by the label's name, description, keywords, level
    context and learned mapping."""
    key = json.dumps([name, info.get("description"), info.get("keywords"),
                      sorted(context.excluded), sorted(context.generic),
                      sorted(context.decided), learned or {}], sort_keys=True)
    if key not in QUERIES:
        if len(QUERIES) > 2000:
            QUERIES.clear()
        QUERIES[key] = label_query(name, info, context, learned)
    return QUERIES[key]


def title_precedence(name: str, info: dict[str, Any], context: LevelContext = ROOT) -> int:
    """The precedence (:data:`TITLE_PRECEDENCE`) of the kinds a label's name maps to: when a
    title names several labels, the one with the highest precedence is the primary one."""
    mapped = _knowledge_types(name, "", context)
    return max((TITLE_PRECEDENCE.get(key, 0) for key, strength in mapped.items()
                if strength >= MAP_BY_NAME), default=0)
