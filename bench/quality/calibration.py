"""Calibration of the built-in classifier's zero-shot probabilities.

For every document of the corpus and every level of its true label path (the level's labels
available, the true path above it as ``current_path``, as the engine asks), the classifier's
zero-shot BM25 scores are mapped to probabilities by

* ``softmax``: ``p_i ∝ exp(s_i / T)`` (temperature scaling, Guo et al. 2017, "On Calibration
  of Modern Neural Networks"), and
* ``power``: ``p_i ∝ (s_i + 1)^a``, a softmax of log-scores, which depends on the scores'
  ratios only (BM25 scores grow with a document's length; their ratios do not),

and each mapping's parameter is fitted on the **tuning half** by the negative log-likelihood
of the true label (a grid search). Both are monotone, so the chosen label, and therefore the
accuracy, is the same for every parameter; only the stated probability changes. Printed per
half: accuracy of the top label, mean negative log-likelihood, the expected calibration error
(ECE: the accuracy-weighted gap between stated confidence and accuracy over 10 equal-width
bins of the top probability), the mean top probability and how many levels the classifier's
default ``min_confidence`` and ``min_margin`` would abstain on (and how many of those the top
label had wrong), for the mapping before 2026-11-27 (T = 1.5), the classifier's, and the
fitted ones.

Usage: ``python bench/quality/calibration.py [--ontology customer|demo] [--held-out]``
(``--held-out`` also prints the held-out half, with the parameters fitted on the tuning half).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
from direct_run import load_plugin

Scores = dict[str, float]
#: One level of one document: every available label's zero-shot score, the true label, depth.
Sample = tuple[Scores, str, int]


def level_samples(ontology: dict[str, Any], docs: list[corpus.CorpusDoc],
                  zero_shot: Any, stats: dict[str, Any]) -> list[Sample]:
    """A :data:`Sample` for each level of each document's true path whose labels include
    the true one; ``stats`` are the organization's corpus statistics (all documents)."""
    meta = corpus.ontology_labels(ontology)
    out: list[Sample] = []
    for n, d in enumerate(docs):
        level = ontology["labels"]
        for depth, truth in enumerate(d.labels):
            available = [x["name"] for x in level]
            if truth not in available:
                break
            raw = zero_shot.bm25_scores(d.text, available, meta, stats, f"doc{n}")
            out.append(({k: v for k, (v, _) in raw.items()}, truth, depth))
            level = level[available.index(truth)].get("children") or []
            if not level or depth + 1 >= len(d.labels):
                break
    return out


@functools.cache
def _zero_shot() -> Any:
    """The classifier's ``zero_shot`` module (its helper package on the path, as the runtime
    has it)."""
    load_plugin("classifier.py")
    return importlib.import_module("service_builtins.classification.zero_shot")


def softmax_of(scores: Scores, temperature: float) -> Scores:
    """The classifier's own softmax (``zero_shot.softmax``) at ``temperature``."""
    result: Scores = _zero_shot().softmax(scores, temperature)
    return result


def power_of(scores: Scores, exponent: float) -> Scores:
    return softmax_of({k: math.log(max(v, 0.0) + 1.0) for k, v in scores.items()},
                      1.0 / exponent)


def measures(samples: list[Sample], mapping: Any, min_confidence: float,
             min_margin: float) -> dict[str, float]:
    """Accuracy, mean NLL, ECE (10 bins), mean top probability of ``mapping``, and the levels
    ``min_confidence``/``min_margin`` would abstain on (and how many of them were wrong)."""
    nll = 0.0
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    correct = 0
    top_sum = 0.0
    abstained = abstained_wrong = 0
    for scores, truth, _depth in samples:
        p = mapping(scores)
        best = max(p, key=lambda k: p[k])
        ok = best == truth
        correct += ok
        top_sum += p[best]
        nll -= math.log(max(p.get(truth, 0.0), 1e-12))
        bins[min(int(p[best] * 10), 9)].append((p[best], ok))
        ranked = sorted(p.values(), reverse=True)
        if ranked[0] < min_confidence or ranked[0] - (ranked[1] if len(ranked) > 1 else 0.0) \
                < min_margin:
            abstained += 1
            abstained_wrong += not ok
    n = len(samples)
    ece = sum(abs(sum(c for c, _ in b) / len(b) - sum(o for _, o in b) / len(b)) * len(b) / n
              for b in bins if b)
    return {"accuracy": correct / n, "nll": nll / n, "ece": ece, "mean_top": top_sum / n,
            "abstained": abstained, "abstained_wrong": abstained_wrong}


def fit(samples: list[Sample], family: Any, grid: list[float]) -> float:
    """The grid value with the least mean NLL on ``samples``."""
    return min(grid, key=lambda x: measures(samples, lambda s: family(s, x), 0, 0)["nll"])


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ontology", choices=("customer", "demo"), default="customer")
    parser.add_argument("--held-out", action="store_true",
                        help="also print the held-out half (parameters fitted on tuning)")
    args = parser.parse_args(argv)
    ontology = corpus.customer_ontology() if args.ontology == "customer" else \
        corpus.demo_ontology()
    sets = [corpus.load_cuad(), corpus.load_kleister(), corpus.load_policies(),
            corpus.load_invoices()]
    docs = [d for s in sets for d in s]
    tune = {d.file for s in sets for i, d in enumerate(s) if d.truth.get("index", i) % 2 == 0}
    defaults = {p.parameter_name: p.default_value
                for p in load_plugin("classifier.py").OntologyClassifier.configurable_parameters}
    zero_shot = _zero_shot()

    halves = {"tuning": [d for d in docs if d.file in tune],
              "held-out": [d for d in docs if d.file not in tune]}
    stats = corpus.corpus_statistics([d.text for d in docs])
    per_half = {h: level_samples(ontology, ds, zero_shot, stats) for h, ds in halves.items()}
    tuning = per_half["tuning"]
    temperature = fit(tuning, softmax_of, [1.5, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 17, 20, 25, 30, 40])
    exponent = fit(tuning, power_of, [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20, 30])
    now = zero_shot.ZERO_SHOT_TEMPERATURE
    mappings: list[tuple[str, Any]] = [
        ("softmax T=1.5 (before 2026-11-27)", lambda s: softmax_of(s, 1.5)),
        (f"softmax T={now:g} (the classifier's)", lambda s: softmax_of(s, now)),
        (f"softmax T={temperature:g} (fitted)", lambda s: softmax_of(s, temperature)),
        (f"power a={exponent:g} (fitted)", lambda s: power_of(s, exponent)),
    ]
    min_confidence = float(defaults["min_confidence"])
    min_margin = float(defaults["min_margin"])
    shown = ["tuning", "held-out"] if args.held_out else ["tuning"]
    print(f"ontology: {args.ontology}; abstention at min_confidence {min_confidence:g}, "
          f"min_margin {min_margin:g}; levels: "
          + ", ".join(f"{h} {len(per_half[h])}" for h in shown))
    print(f"{'mapping':40} {'half':9} {'levels':6} {'n':>4} {'accuracy':>8} {'NLL':>7} "
          f"{'ECE':>6} {'mean p':>7}  abstained (of them wrong)")
    for name, mapping in mappings:
        for h in shown:
            for which, keep in (("all", None), ("root", 0), ("below", 1)):
                part = [x for x in per_half[h] if keep is None or min(x[2], 1) == keep]
                m = measures(part, mapping, min_confidence, min_margin)
                print(f"{name:40} {h:9} {which:6} {len(part):4} {m['accuracy']:8.3f} "
                      f"{m['nll']:7.3f} {m['ece']:6.3f} {m['mean_top']:7.3f}  "
                      f"{m['abstained']:.0f} ({m['abstained_wrong']:.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
