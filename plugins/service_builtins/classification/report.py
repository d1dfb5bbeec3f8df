"""The ontology report: how the built-in classifier reads a customer's ontology, and the
warnings a customer can act on before a document arrives (issue 33).

:func:`ontology_report` maps every label onto the knowledge base as the classifier does at
its level (:func:`.labels.knowledge_types` with the level's :func:`.labels.level_context`)
and warns about

``same_type_as_sibling``
    two labels of one level whose best knowledge-base type is the same (the type a label's
    reading overrides its words with, where it does: ``meaning_differs``): the classifier
    can hardly tell them apart without confirmed documents;
``maps_to_nothing``
    a label whose name and description name no known kind and use none of its vocabulary:
    its own words are looked for, and the kind they read as a sentence or, at the root, the
    family most of its children name (named in the message);
``generic_name``
    a name made only of generic words ("Other", "Agreement Services" below a contract
    level) that either names no kind or repeats what the parent level decided: it says
    nothing that tells the label from its siblings ("Service" alone names a kind);
``description_contradicts_name``
    the name and the description each name kinds, and not the same ones ("Supply" described
    as "Software licences");
``meaning_differs``
    below the root, a label whose name names no kind and whose words read as a sentence are
    closest to a kind (``meaning``, :func:`.prototypes.meaning`) other than the one its words
    map to first ("Upkeep: keeping equipment working" reads as maintenance, its words as
    development): its documents are compared with documents of the former
    (:mod:`.prototypes`), its words are looked for as the latter's; and a label whose name
    names a kind but whose reading is clearly closer to another
    (:func:`.prototypes.reading_override`: "BPO Services" names the generic "services" and
    reads as outsourcing), which is then classified as the kind it reads as.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .embedding import EmbeddingUnavailable
from .labels import GENERIC_WORDS, MAP_BY_NAME, children_family, knowledge_types, level_context
from .prototypes import meaning, reading_override, readings
from .text import STOPWORDS, phrase_stems

Ontology = dict[str, Any]


def _flatten(labels: list[dict[str, Any]], path: list[str],
             out: dict[str, dict[str, Any]]) -> None:
    for label in labels:
        here = [*path, str(label["name"])]
        out[str(label["name"])] = {"description": str(label.get("description") or ""),
                                   "keywords": list(label.get("keywords") or []),
                                   "path": here}
        _flatten(label.get("children") or [], here, out)


def ontology_report(ontology: Ontology) -> dict[str, Any]:
    """The report of ``ontology`` (the API's shape: ``{"labels": [{"name", "description",
    "keywords", "children": [...]}]}``; descriptions, keywords and children optional).

    Returns ``{"labels": [label entry], "warnings": [warning]}`` where a label entry is
    ``{"name": str, "path": [str] (root first), "types": [{"type": str, "score": float}]
    (best first, scores in (0, 1]), "meaning": {"type": str, "similarity": float} | None
    (below the root: the kind its words read as a sentence are closest to, by cosine
    similarity in [-1, 1]; None at the root, unless the label's words map onto nothing there,
    and without the embedding model),
    "warnings": [warning]}`` (every label, depth first in
    the ontology's order) and a warning is ``{"code": str, "label": str, "message": str,
    "related": [str]}`` (``code`` one of the module documentation's; ``related``: the other
    labels concerned, e.g. the sibling of ``same_type_as_sibling``); the top-level
    ``warnings`` list holds every label's warnings.

    Raises:
        KeyError: a label without ``name``.
    """
    flat: dict[str, dict[str, Any]] = {}
    _flatten(ontology.get("labels") or [], [], flat)
    entries: list[dict[str, Any]] = []
    by_name: dict[str, dict[str, Any]] = {}
    kinds: dict[str, str | None] = {}

    def walk(labels: list[dict[str, Any]]) -> None:
        siblings = [str(x["name"]) for x in labels]
        for label in labels:
            name = str(label["name"])
            info = flat[name]
            context = level_context(flat, name, siblings)
            mapped = knowledge_types(name, info["description"], context)
            read = _meaning(name, info, flat, siblings, mapped)
            entry: dict[str, Any] = {
                "name": name, "path": info["path"],
                "types": [{"type": k, "score": v}
                          for k, v in sorted(mapped.items(), key=lambda kv: -kv[1])],
                "meaning": {"type": read[0], "similarity": round(read[1], 4)} if read else None,
                "warnings": []}
            warn = entry["warnings"].append
            words_top = max(mapped, key=lambda k: mapped[k]) if mapped else None
            overridden = bool(read and words_top and read[0] != words_top
                              and max(mapped.values()) >= MAP_BY_NAME
                              and _overrides(name, info, flat, siblings, mapped))
            # the kind its documents are classified as, for the sibling check below
            kinds[name] = read[0] if read and overridden else words_top
            if read and words_top and read[0] != words_top and (
                    max(mapped.values()) < MAP_BY_NAME or overridden):
                warn({"code": "meaning_differs", "label": name, "related": [],
                      "message": f"'{name}' read as a sentence means "
                                 f"{read[0].replace('_', ' ')}, but by its words it is "
                                 f"{words_top.replace('_', ' ')}: its documents are compared "
                                 "with the former; if that is not what it is, say so in its "
                                 "description"})
            if not mapped:
                closest = (f" (it is read as {read[0].replace('_', ' ')})" if read else "")
                warn({"code": "maps_to_nothing", "label": name, "related": [],
                      "message": f"'{name}' names no known kind of document and uses none "
                                 f"of their vocabulary{closest}: describe it, or confirm a "
                                 "few documents"})
            from_name = knowledge_types(name, "", context)
            words = [w for w in phrase_stems(name) if w not in STOPWORDS]
            # "Service" below a contract level names a kind; "Agreement Services" there, or
            # "Other", names none of its own
            if all(w in GENERIC_WORDS or w in context.generic for w in words) and (
                    not from_name or any(w in context.decided for w in words)):
                warn({"code": "generic_name", "label": name, "related": [],
                      "message": f"'{name}' is made only of generic words; they do not tell "
                                 "it apart from its siblings"})
            from_description = knowledge_types("", info["description"], context)
            if from_name and from_description and not set(from_name) & set(from_description):
                warn({"code": "description_contradicts_name", "label": name, "related": [],
                      "message": f"the name '{name}' means {', '.join(sorted(from_name))} "
                                 f"but the description "
                                 f"{', '.join(sorted(from_description))}"})
            entries.append(entry)
            by_name[name] = entry
            walk(label.get("children") or [])
        tops: dict[str, list[str]] = {}
        for sibling in siblings:
            kind = kinds.get(sibling)
            if kind:
                tops.setdefault(kind, []).append(sibling)
        for kind, names in tops.items():
            if len(names) < 2:
                continue
            for name in names:
                others = [n for n in names if n != name]
                by_name[name]["warnings"].append({
                    "code": "same_type_as_sibling", "label": name, "related": others,
                    "message": f"'{name}' and {', '.join(repr(o) for o in others)} both "
                               f"map to the kind '{kind}': add what tells them apart to "
                               "their descriptions"})

    walk(ontology.get("labels") or [])
    return {"labels": entries,
            "warnings": [w for e in entries for w in e["warnings"]]}


def _meaning(name: str, info: dict[str, Any], flat: dict[str, dict[str, Any]],
             siblings: list[str], mapped: dict[str, float]) -> tuple[str, float] | None:
    """:func:`.prototypes.meaning` of a label below the root, or of a root label whose name
    names no kind (decisions 643, 645): there the family most of its children name, when
    they do (:func:`.labels.children_family`, decision 647), with its reading's similarity;
    ``None`` for a root label its name names and where the embedding model cannot be
    loaded."""
    at_root = len(info["path"]) < 2
    if at_root and mapped and max(mapped.values()) >= MAP_BY_NAME:
        return None
    try:
        family = children_family(name, flat) if at_root else None
        if family:
            return family, readings(name, info, flat, siblings).get(family, 0.0)
        return meaning(name, info, flat, siblings)
    except EmbeddingUnavailable:
        return None


def _overrides(name: str, info: dict[str, Any], flat: dict[str, dict[str, Any]],
               siblings: list[str], mapped: dict[str, float]) -> bool:
    """Whether the label's reading as a sentence prevails over the type its name names
    (:func:`.prototypes.reading_override`); ``False`` without the embedding model."""
    try:
        return reading_override(name, info, flat, siblings, mapped) is not None
    except EmbeddingUnavailable:
        return False


def main() -> None:
    """``python -m service_builtins.classification.report``: reads an ontology (the API's shape)
    as JSON on stdin and writes :func:`ontology_report` of it as JSON on stdout; the server's
    ``GET /api/v1/ontology/report`` runs it (packages/server/src/engine/ontology-report.ts).

    Raises:
        json.JSONDecodeError: stdin is not JSON.
        KeyError: a label without ``name``.
    """
    json.dump(ontology_report(json.load(sys.stdin)), sys.stdout)


if __name__ == "__main__":
    main()
