"""Classification accuracy of plugins/classifier.py (in-process, plugin class called directly).

* root level (Contract / Invoice / Policy) over CUAD txt, Kleister NDA (pdftotext),
  policies-md and the ZUGFeRD / Factur-X invoices, with no training examples;
* contract-type level (25 CUAD types + Non-Disclosure) on CUAD with zero training examples
  and with 5-fold cross-validation using the other folds' CUAD ``label_path`` as confirmed
  examples (``training_examples``), and on Kleister with all of CUAD as examples.

Usage: ``.venv/bin/python bench/quality/classify_eval.py``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
from service_sdk import Document

PLUGIN = Path(__file__).resolve().parents[2] / "plugins" / "classifier.py"


def _load() -> Any:
    sys.path.insert(0, str(PLUGIN.parent))  # the built-ins' helper package service_builtins
    spec = importlib.util.spec_from_file_location("builtin_classifier", PLUGIN)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    """Print the accuracies."""
    clf = _load()
    plugin = clf.OntologyClassifier()
    configs = {p.parameter_name: p.default_value for p in plugin.configurable_parameters}
    ontology = corpus.demo_ontology()
    meta = corpus.ontology_labels(ontology)
    roots = [x["name"] for x in ontology["labels"]]
    types = [x["name"] for x in ontology["labels"][0]["children"]]

    def run(text: str, labels: list[str], path: list[str], examples: list[Any]) -> str | None:
        doc = Document(id="d", filename="f", text=text, organization_id="bench",
                       metadata={"ontology_labels": meta, "training_examples": examples})
        result: str | None = asyncio.run(plugin.classify(doc, None, None, labels, path,
                                                         configs))
        return result

    cuad = corpus.load_cuad()
    kleister = corpus.load_kleister()
    docs = cuad + kleister + corpus.load_policies() + corpus.load_invoices()
    t0 = time.perf_counter()
    confusion: Counter[tuple[str, str | None]] = Counter()
    for d in docs:
        confusion[(d.labels[0], run(d.text, roots, [], []))] += 1
    ok = sum(n for (t, p), n in confusion.items() if t == p)
    print(f"root level: {ok}/{len(docs)} = {ok / len(docs):.3f} "
          f"({(time.perf_counter() - t0) * 1000 / len(docs):.0f} ms/doc)")
    for (t, p), n in sorted(confusion.items()):
        if t != p:
            print(f"  {t} -> {p}: {n}")

    def type_acc(items: list[corpus.CorpusDoc], examples_for: Any) -> str:
        hits = nones = 0
        for i, d in enumerate(items):
            got = run(d.text, types, ["Contract"], examples_for(i))
            hits += got == d.labels[1]
            nones += got is None
        return f"{hits}/{len(items)} = {hits / len(items):.3f} (None: {nones})"

    examples = [{"text": d.text[:3000], "labels": d.labels} for d in cuad]
    print("type level, zero examples: CUAD", type_acc(cuad, lambda i: []),
          "| Kleister", type_acc(kleister, lambda i: []))
    order = list(range(len(cuad)))
    random.Random(0).shuffle(order)
    fold = {j: k % 5 for k, j in enumerate(order)}
    print("type level, CUAD 5-fold CV:",
          type_acc(cuad, lambda i: [examples[j] for j in range(len(cuad))
                                    if fold[j] != fold[i]]))
    print("type level, Kleister with all CUAD as examples:",
          type_acc(kleister, lambda i: examples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
