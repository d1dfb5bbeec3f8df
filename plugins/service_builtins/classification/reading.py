"""A customer label's words read as a sentence against each knowledge-base kind: the cosine
similarity of their embedding (:mod:`.embedding`) with the kind's names and what the kind is
(:data:`.knowledge_base.GLOSSES`). Used where the words name no kind, or name one the
sentence does not mean (:mod:`.prototypes`), and to tell what a parent label that names no
kind stands for (:func:`.labels.level_context`)."""

from __future__ import annotations

from functools import cache, lru_cache

from .embedding import EmbeddingUnavailable, embed, label_text
from .knowledge_base import GLOSSES, KNOWLEDGE_BASE

#: The kinds a root label can be: those without a family (a licence is a contract there).
ROOT_KINDS: tuple[str, ...] = tuple(key for key, family, _n, _c in KNOWLEDGE_BASE if not family)


@cache
def kind_names(key: str) -> tuple[str, ...]:
    """A knowledge-base kind's names (:data:`.knowledge_base.KNOWLEDGE_BASE`)."""
    return next(names for k, _f, names, _c in KNOWLEDGE_BASE if k == key)


@cache
def kind_text(key: str) -> str:
    """A kind's names as one text ("affiliate, affiliate agreement, ..."), then what the kind
    is (:data:`.knowledge_base.GLOSSES`) where the knowledge base says."""
    names = ", ".join(kind_names(key))
    gloss = GLOSSES.get(key)
    return f"{names}: {gloss}" if gloss else names


@lru_cache(maxsize=4096)
def kind_readings(words: str, candidates: tuple[str, ...], at_root: bool) -> dict[str, float]:
    """Each of ``candidates`` (kind keys) with the cosine similarity, in [-1, 1], of a label's
    text ``words`` (:func:`.embedding.label_text`) to the kind. Below the root the kind is its
    :func:`kind_text`. At the root, the mean of the kind's closest name and its gloss: the
    root kinds' names overlap ("privacy policy" is a privacy notice's, "bill" an invoice's)
    and their joined texts read alike, so a root label worded by what its documents are for
    ("Payables", "Handbooks and Notices") was read as a credit note or a privacy notice; read
    so, 24 of the 27 root labels of the hand-written wordings whose words name no kind reach
    their kind, against 20 (docs/quality.md, decision 644). Memoised: every document asks it
    of every label of its level (callers get a copy).

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    vector = embed(words)
    if not at_root:
        return {key: float(vector @ embed(kind_text(key))) for key in candidates}
    out = {}
    for key in candidates:
        by_name = max(float(vector @ embed(name)) for name in kind_names(key))
        gloss = GLOSSES.get(key)
        out[key] = (by_name + float(vector @ embed(gloss))) / 2 if gloss else by_name
    return out


def root_kind(name: str, description: str) -> str | None:
    """The root kind (:data:`ROOT_KINDS`) a root label's words read as a sentence are closest
    to; ``None`` where the encoder is not installed (the words alone decide then)."""
    try:
        scored = kind_readings(label_text(name, {"description": description}), ROOT_KINDS, True)
    except EmbeddingUnavailable:
        return None
    return max(scored, key=lambda k: scored[k]) if scored else None
