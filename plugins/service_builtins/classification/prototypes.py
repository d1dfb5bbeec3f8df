"""What documents of each knowledge-base type look like: one prototype embedding per type.

A customer's label reaches the knowledge base through its wording (:func:`.labels.knowledge_types`
maps name and description onto types, right for ~98 % of the robustness bench's variant labels,
docs/quality.md), but below the root the words themselves then score the document (BM25 and the
label similarity of :mod:`.embedding`), so a paraphrase or a synonym moves the decision (issue 33).
A type's prototype does not depend on the wording: it is the mean embedding of the starts of
labelled documents of that type (Snell et al., "Prototypical Networks", NeurIPS 2017), the same
embedding the label similarity compares (:func:`.embedding.document_vector`). A label mapped onto
types is then also as similar to a document as its types' prototypes are, weighted by the mapping.

``prototypes.json`` beside this module is written by ``bench/quality/fit_prototypes.py`` from the
quality corpus's tuning half (never the held-out half the figures are measured on): per type key,
the number of documents and the sum of their unit embeddings (a sum, so that the fit can leave a
document out of its own type's prototype). Absent, the classifier runs without prototypes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from .embedding import Vector, document_vector, label_text
from .examples import candidate_types
from .labels import (
    MAP_BY_NAME,
    TRUST_KEY,
    blend_mapping,
    children_family,
    knowledge_types,
    level_context,
)
from .reading import kind_readings

PROTOTYPES_FILE = Path(__file__).with_name("prototypes.json")

#: type key -> (documents, sum of their unit embeddings, shape ``(384,)``)
Table = dict[str, tuple[int, Vector]]


@cache
def table() -> Table:
    """The shipped prototypes (see the module documentation); ``{}`` when the file is missing."""
    if not PROTOTYPES_FILE.is_file():
        return {}
    data: dict[str, Any] = json.loads(PROTOTYPES_FILE.read_text(encoding="utf-8"))
    return {key: (int(entry["documents"]), np.asarray(entry["sum"], dtype=np.float32))
            for key, entry in (data.get("types") or {}).items()}


def type_similarity(document: Vector, mapped: dict[str, float],
                    prototypes: Table | None = None) -> float | None:
    """The cosine similarity of a document's start (unit vector, shape ``(384,)``) with the
    prototypes of the types a label is mapped onto (``mapped``: key -> mapping score, as
    :func:`.labels.knowledge_types` gives), averaged with the mapping scores as weights;
    ``None`` when none of the types has a prototype. ``prototypes`` defaults to
    :func:`table` (the fit passes one that leaves the scored document out)."""
    known = prototypes if prototypes is not None else table()
    total = weight = 0.0
    for key, score in mapped.items():
        entry = known.get(key)
        if entry is None or entry[0] <= 0 or score <= 0:
            continue
        summed = entry[1]
        norm = float(np.linalg.norm(summed))
        if norm <= 1e-12:
            continue
        total += score * float(summed @ document) / norm
        weight += score
    return total / weight if weight > 0 else None


def label_types(label: str, info: Any, ontology: dict[str, Any], labels: list[str],
                learned: dict[str, float] | None = None) -> dict[str, float]:
    """The knowledge-base types whose prototypes stand for ``label`` (``info`` its
    ``ontology_labels`` entry, ``labels`` its level): key -> weight.

    Where the organization confirmed documents of the label (``learned``, the label's
    :func:`.examples.learned_mappings` entry), the wording's mapping blended with what they
    are (:func:`.labels.blend_mapping`). Where the name names a type
    (:func:`.labels.knowledge_types` scores it :data:`.labels.MAP_BY_NAME`), that mapping,
    unless the label's reading as a sentence is clearly closer to another type
    (:func:`reading_override`), which then stands for it alone.
    Otherwise the words are read as a sentence: the candidate type
    (:func:`.examples.candidate_types` of the level) whose names, embedded together
    ("maintenance, maintenance agreement, support agreement, ..."), are most similar to the
    label's own words (:func:`.embedding.label_text`), weight 1. A paraphrase or a synonym the
    knowledge base does not list ("Upkeep: keeping equipment and software working after
    delivery") is found so: over the robustness bench's variant labels of seeds 0, 7 and 11
    the top type is right for 1,620 of 1,638 this way against 1,609 by the words alone
    (``bench/quality/fit_prototypes.py --mapping``). At the root such a label is the family
    most of its children name, else the kinds it reads as within :data:`READING_TIE`
    (:func:`root_reading`)."""
    description = str(info.get("description") or "") if isinstance(info, dict) else ""
    mapped = knowledge_types(label, description, level_context(ontology, label, labels))
    if learned:
        return blend_mapping(mapped, learned)
    if mapped and max(mapped.values()) >= MAP_BY_NAME:
        overriding = reading_override(label, info, ontology, labels, mapped)
        return {overriding: 1.0} if overriding else mapped
    read = (root_reading(label, info, ontology, labels) if len(info.get("path") or []) < 2
            else reading_shares(label, info, ontology, labels)) if isinstance(info, dict) else {}
    return read or mapped


def meaning(label: str, info: Any, ontology: dict[str, Any],
            labels: list[str]) -> tuple[str, float] | None:
    """The candidate knowledge-base type (:func:`.examples.candidate_types` of ``label``'s
    level) whose names, embedded together, are most similar to the label's own words read as a
    sentence (:func:`.embedding.label_text`), with that cosine similarity; ``None`` where the
    level has no candidates.

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    scored = readings(label, info, ontology, labels)
    return max(scored.items(), key=lambda kv: kv[1]) if scored else None


#: At the root, how near, in cosine similarity, another kind's reading must be to the best
#: one to share a label's mapping (:func:`reading_shares`); 0 keeps the best alone. The root
#: kinds' readings lie close together ("Bills from vendors that we have to pay." is 0.530
#: credit note, 0.517 invoice). Below the root the best alone: sharing there lowered the
#: held-out worst names-only wording on 9 of 17 seeds (docs/quality.md, decision 644).
READING_TIE = 0.05


def reading_shares(label: str, info: Any, ontology: dict[str, Any],
                   labels: list[str]) -> dict[str, float]:
    """The types a label read as a sentence stands for (:func:`readings`), each with a share
    in (0, 1]: the best reading 1 and, at the root, another within :data:`READING_TIE` of it
    ``1 - gap / READING_TIE``; ``{}`` where the level has no candidates.

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    scored = readings(label, info, ontology, labels)
    if not scored:
        return {}
    best = max(scored.values())
    if READING_TIE <= 0 or (isinstance(info, dict) and len(info.get("path") or []) > 1):
        return {max(scored, key=lambda k: scored[k]): 1.0}
    return {key: round(1.0 - (best - value) / READING_TIE, 4) for key, value in scored.items()
            if best - value < READING_TIE}


def root_reading(label: str, info: Any, ontology: dict[str, Any],
                 labels: list[str]) -> dict[str, float]:
    """What a root label whose name names no kind stands for: the family most of its children
    name by their words (:func:`.labels.children_family`: "Executed Instruments" over
    "Licensing", "Distribution", "Hosting" … is a contract, whatever its two words read as),
    else its :func:`reading_shares`.

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    family = children_family(label, ontology)
    return {family: 1.0} if family else reading_shares(label, info, ontology, labels)


def readings(label: str, info: Any, ontology: dict[str, Any],
             labels: list[str]) -> dict[str, float]:
    """Each candidate knowledge-base type of ``label``'s level (:func:`.examples.candidate_types`)
    with the cosine similarity, in [-1, 1], of the label's own words read as a sentence
    (:func:`.embedding.label_text`) to the kind (:func:`.reading.kind_readings`); ``{}``
    where the level has no candidates.

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    context = level_context(ontology, label, labels)
    depth = len(info.get("path") or [label]) - 1 if isinstance(info, dict) else 0
    candidates = candidate_types(context, depth)
    if not candidates:
        return {}
    return dict(kind_readings(label_text(label, info if isinstance(info, dict) else {}),
                             tuple(candidates), depth == 0))


#: How much closer, in cosine similarity, a label's reading as a sentence must be to another
#: type than to the one its words name for the reading to prevail (:func:`reading_override`).
#: Chosen on the tuning seeds' wordings (0, 3, 7, 11, 42: every margin from 0 to 0.08 maps
#: the same number of variant labels right when only a name of generic words is overridden,
#: 0.08 the most when any name is); docs/quality.md "A name's words against its reading".
READING_MARGIN = 0.08


def reading_override(label: str, info: Any, ontology: dict[str, Any], labels: list[str],
                     mapped: dict[str, float]) -> str | None:
    """Below the root, the type a label's reading as a sentence (:func:`readings`) names
    instead of the one its words name (``mapped``, :func:`.labels.knowledge_types`), when
    the reading is at least :data:`READING_MARGIN` closer to it; else ``None``.

    Words match what they literally say: "BPO Services" names only the generic "services",
    so the service type; "Purchasing Agreement: supply agreements with suppliers" names the
    asset-purchase type. Read as a sentence, the first is closest to outsourcing (0.74
    against 0.50) and the second to supply (0.28 closer than to the purchase type). A close
    reading ("Professional Services: agreements." is 0.02 closer to consulting) leaves the
    words' type.

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    if not mapped or not isinstance(info, dict) or len(info.get("path") or []) < 2:
        return None
    scored = readings(label, info, ontology, labels)
    if not scored:
        return None
    read = max(scored, key=lambda k: scored[k])
    words = max(mapped, key=lambda k: mapped[k])
    if read == words or scored[read] - scored.get(words, -1.0) < READING_MARGIN:
        return None
    return read


def label_type_similarities(text: str, labels: list[str], ontology: dict[str, Any],
                            prototypes: Table | None = None,
                            learned: dict[str, dict[str, float]] | None = None
                            ) -> dict[str, float]:
    """Each label's :func:`type_similarity` with a document (``text``, its start embedded by
    :func:`.embedding.document_vector`), the label mapped onto the knowledge base by its name
    and description in its level's context (``ontology`` is ``metadata["ontology_labels"]``),
    and by its confirmed documents where ``learned`` (label -> its learned mapping) has them
    (:func:`label_types`).
    A label whose types have no prototype gets the mean of the others' below the root, so
    that it neither gains nor loses against its siblings; at the root (the labels' ``path``
    has one element) the best of the others', so that the prototypes only tell apart the kinds
    the corpus has documents of and never rank one above a kind it has none of (a customer's
    Receipt beside Invoice: a receipt must not lose to Invoice through the invoices' prototype
    whatever its words; decision 635). ``{}`` when no label of the level has one.

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    known = prototypes if prototypes is not None else table()
    if not known:
        return {}
    document = document_vector(text)
    out: dict[str, float | None] = {}
    for label in labels:
        info = ontology.get(label)
        mapped = label_types(label, info, ontology, labels, (learned or {}).get(label))
        out[label] = type_similarity(document, mapped, known)
    scored = [v for v in out.values() if v is not None]
    if not scored:
        return {}
    neutral = max(scored) if _at_root(ontology, labels) else sum(scored) / len(scored)
    return {label: neutral if v is None else v for label, v in out.items()}


def _at_root(ontology: dict[str, Any], labels: list[str]) -> bool:
    """Whether ``labels`` are the ontology's top level (their ``path`` is their name alone)."""
    paths = [len((ontology.get(x) or {}).get("path") or [x]) for x in labels
             if isinstance(ontology.get(x), dict)]
    return not paths or max(paths) <= 1


#: How far a label's reading as a sentence moves the mapping its BM25 query is built from, as
#: the trust of confirmed documents would (:func:`.labels.blend_mapping`): half way, chosen on
#: the tuning half (leave-one-out; the worst wordings of seeds 0 and 7 rose from 0.799 / 0.777
#: to 0.813 / 0.813, docs/quality.md); 0 turns it off.
SENTENCE_TRUST = 0.5
#: How far a reading that overrides the words (:func:`reading_override`) moves the mapping the
#: label's BM25 query is built from: nearly all the way, the words' type keeps a tenth. On the
#: tuning half 0.9 and 0.5 give the same worst wordings over seeds 0, 3, 7, 11 and 42, and 0.9
#: the higher mean contract type on four of them (docs/quality.md).
OVERRIDE_TRUST = 0.9


def sentence_mappings(labels: list[str], ontology: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Each label of the level (``ontology`` is ``metadata["ontology_labels"]``) whose name
    names no knowledge-base type (at the root: whose words map onto none, "Signed Deals"),
    with its :func:`meaning` as a learned mapping ``{type: 1.0, TRUST_KEY: SENTENCE_TRUST}``,
    and each whose reading overrides the type its name names (:func:`reading_override`) with
    ``{type: 1.0, TRUST_KEY: OVERRIDE_TRUST}``; :func:`.labels.blend_mapping` blends it into
    the mapping its words give (label -> mapping; a label named by a type is absent). So
    "Upkeep: keeping equipment and software working" is also looked for by the maintenance
    cues, not only the development cue its word "software" names. Confirmed documents, where
    a label has them, move the mapping on from there (:func:`.labels.chain_learned`).

    Raises :class:`.embedding.EmbeddingUnavailable` when the model package is missing."""
    out: dict[str, dict[str, float]] = {}
    for label in labels:
        info = ontology.get(label)
        if not isinstance(info, dict):
            continue
        mapped = knowledge_types(label, str(info.get("description") or ""),
                                 level_context(ontology, label, labels))
        if len(info.get("path") or []) < 2:
            # at the root a label whose name names no kind ("Signed Deals", "Deals &
            # Commitments: anything we signed"), as below; no override of a named kind
            if not mapped or max(mapped.values()) < MAP_BY_NAME:
                read = root_reading(label, info, ontology, labels)
                if read:
                    out[label] = {**read, TRUST_KEY: SENTENCE_TRUST if mapped else OVERRIDE_TRUST}
            continue
        if mapped and max(mapped.values()) >= MAP_BY_NAME:
            overriding = reading_override(label, info, ontology, labels, mapped)
            if overriding:
                out[label] = {overriding: 1.0, TRUST_KEY: OVERRIDE_TRUST}
            continue
        read = reading_shares(label, info, ontology, labels)
        if read:
            out[label] = {**read, TRUST_KEY: SENTENCE_TRUST}
    return out
