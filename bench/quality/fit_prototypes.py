"""Write the knowledge-base types' prototypes (``plugins/service_builtins/classification/
prototypes.json``) from the quality corpus's tuning half (issue 33).

Every tuning-half document (``robustness.load_documents(None, "tuning")``: even dataset index)
has its true label path in issue 11's ontology (``customer_ontology.json``); each label of that
path is mapped onto the knowledge base as the classifier maps a customer's label
(``labels.knowledge_types`` of its name and description in its level's context), and the
document's start embedding (``embedding.document_vector``) is added to the top type's sum. The
file keeps per type the number of documents and that sum (6 decimals), so that the calibration
fit (``fit_calibration.py``) can leave each document out of its own type's prototype
(:func:`leave_out`). The held-out half is never read.

``--mapping 0,7,11`` instead checks, over the robustness bench's variants of those seeds, how
often a label below the root is given its issue-11 label's type, by the words alone and as the
prototypes are chosen (``prototypes.label_types``).

Usage: ``.venv/bin/python bench/quality/fit_prototypes.py [--write] [--mapping SEEDS]``
(prints the table; ``--write`` stores it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
import robustness
from direct_run import PLUGINS, load_plugin

TARGET = PLUGINS / "service_builtins" / "classification" / "prototypes.json"


def type_of(meta: dict[str, Any], label: str, siblings: list[str]) -> str | None:
    """The knowledge-base type issue 11's ``label`` maps onto first (``meta`` its
    ``ontology_labels``), as the classifier maps it in its level."""
    from service_builtins.classification.labels import knowledge_types, level_context

    info = meta.get(label) or {}
    mapped = knowledge_types(label, str(info.get("description") or ""),
                             level_context(meta, label, siblings))
    return max(mapped, key=lambda k: mapped[k]) if mapped else None


def document_types(doc: corpus.CorpusDoc, ontology: dict[str, Any]) -> list[str]:
    """The knowledge-base type of each label of ``doc``'s true path (root first)."""
    meta = corpus.ontology_labels(ontology)
    level: list[dict[str, Any]] = ontology["labels"]
    out: list[str] = []
    for truth in doc.labels:
        key = type_of(meta, truth, [x["name"] for x in level])
        if key:
            out.append(key)
        level = next(x for x in level if x["name"] == truth).get("children") or []
    return out


def leave_out(table: dict[str, tuple[int, Any]], keys: list[str],
              vector: Any) -> dict[str, tuple[int, Any]]:
    """``table`` (:func:`.prototypes.table`'s shape) without one document (its start's
    ``vector``) in each of its types ``keys``: what the prototypes would be had it not been
    in the tuning half."""
    out = dict(table)
    for key in keys:
        if key in out:
            n, summed = out[key]
            out[key] = (n - 1, summed - vector)
    return out


@contextmanager
def left_out(doc: corpus.CorpusDoc) -> Iterator[None]:
    """Within the block, the classifier's prototypes (:func:`.prototypes.table`) leave ``doc``
    out (:func:`leave_out`): how the tuning half is scored without its documents seeing
    themselves. A document of the held-out half or the out-of-domain set is in no
    prototype, and gets the shipped table."""
    from service_builtins.classification import prototypes
    from service_builtins.classification.embedding import document_vector

    shipped = prototypes.table
    keys = document_types(doc, corpus.customer_ontology()) if doc.labels else []
    mine = leave_out(shipped(), keys, document_vector(doc.text)) if keys else shipped()
    prototypes.table = lambda: mine  # type: ignore[assignment]
    try:
        yield
    finally:
        prototypes.table = shipped  # type: ignore[assignment]


def mapping_check(seeds: list[int]) -> None:
    """Print how often a variant label's top knowledge-base type is its issue-11 label's,
    by the words alone (``labels.knowledge_types``) and as the prototypes are chosen
    (``prototypes.label_types``), over every label below the root of every variant of
    ``seeds``."""
    import variants
    from service_builtins.classification.labels import knowledge_types, level_context
    from service_builtins.classification.prototypes import label_types

    def top(mapped: dict[str, float]) -> str | None:
        return max(mapped, key=lambda k: mapped[k]) if mapped else None

    original = corpus.customer_ontology()
    meta = corpus.ontology_labels(original)
    truth = {name: type_of(meta, name, list(meta)) for name in meta}
    for seed in seeds:
        words = chosen = total = 0
        for v in variants.standard_variants(original, seed):
            mine = corpus.ontology_labels(v.ontology)
            for root in v.ontology["labels"]:
                level = [x["name"] for x in root.get("children") or []]
                for name in level:
                    info = mine[name]
                    expected = truth[v.original[name]]
                    context = level_context(mine, name, level)
                    words += top(knowledge_types(name, str(info.get("description") or ""),
                                                 context)) == expected
                    chosen += top(label_types(name, info, mine, level)) == expected
                    total += 1
        print(f"seed {seed}: {total} labels below the root; top type right by the words "
              f"{words}, as the prototypes are chosen {chosen}")


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--mapping", default="",
                        help="comma-separated seeds: check the label mapping instead")
    args = parser.parse_args(argv)
    load_plugin("classifier.py")
    if args.mapping:
        mapping_check([int(x) for x in args.mapping.split(",")])
        return 0
    from service_builtins.classification.embedding import document_vector

    docs, _ = robustness.load_documents(None, "tuning")
    ontology = corpus.customer_ontology()
    sums: dict[str, np.ndarray] = {}
    counts: dict[str, int] = {}
    for d in docs:
        vector = document_vector(d.text).astype(np.float64)
        for key in document_types(d, ontology):
            sums[key] = sums.get(key, np.zeros_like(vector)) + vector
            counts[key] = counts.get(key, 0) + 1
    for key in sorted(counts, key=lambda k: -counts[k]):
        print(f"{key:20} {counts[key]:4} documents")
    data = {
        "fitted_on": (f"bench/quality/fit_prototypes.py: tuning half, {len(docs)} documents "
                      f"of issue 11's ontology"),
        "types": {key: {"documents": counts[key],
                        "sum": [round(float(x), 6) for x in sums[key]]}
                  for key in sorted(counts)}}
    if args.write:
        TARGET.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"written {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
