"""Fit the contract extractor's per-value confidence
(``plugins/service_builtins/extraction/confidence.json``) on the tuning half (issue 34).

For every tuning-half document (even index) of CUAD (``txt/``) and Kleister NDA (pdftotext),
the extractor's finders run over the text for the fields the scorer knows
(``rules.extract_contract_fields``, the plugin's own code), and each extracted value gives
its features (``confidence.value_features``) and whether it is right
(:func:`score.value_right`: a value where the dataset has none is wrong; fields the dataset
does not score there are left out). Per field, a logistic regression (scikit-learn
``LogisticRegression``, L2, ``C`` = :data:`C`) of "right" on the features is fitted; a rule
seen fewer than :data:`MIN_RULE` times is not given a weight of its own (it counts as the
field's other rules). Printed per field: values, share right, the fit's mean probability and
its ECE on the tuning half itself. ``--write`` stores intercepts and weights.

Usage: ``.venv/bin/python bench/quality/fit_extraction_confidence.py [--write]``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
import score
from direct_run import PLUGINS, load_plugin

TARGET = PLUGINS / "service_builtins" / "extraction" / "confidence.json"
#: inverse L2 strength: the tuning half has 30–250 values per field, most of them right
C = 1.0
#: how often a rule must answer on the tuning half to get a weight of its own
MIN_RULE = 5
FITTED_ON = (f"bench/quality/fit_extraction_confidence.py: tuning half (even index) of CUAD txt "
             f"and Kleister NDA (pdftotext), C={C}, rules seen at least {MIN_RULE} times")


def samples() -> dict[str, list[tuple[dict[str, float], bool]]]:
    """Per scored field, ``(features, right)`` of every value the finders extract from the
    tuning half."""
    load_plugin("contract_extractor.py")
    rules = importlib.import_module("service_builtins.extraction.rules")
    truth = score.load_truth()
    sets = [corpus.load_cuad(parser="txt"), corpus.load_kleister(parser="pdftotext")]
    out: dict[str, list[tuple[dict[str, float], bool]]] = {f: [] for f in score.FIELDS}
    for docs in sets:
        for i, d in enumerate(docs):
            if d.truth.get("index", i) % 2 or d.file not in truth:
                continue
            found = rules.extract_contract_fields(d.text, set(score.FIELDS))
            for field in score.FIELDS:
                right = score.value_right(field, found.data.get(field),
                                          truth[d.file].get(field, score.SKIP))
                if right is not None:
                    out[field].append((found.features[field], right))
    return out


def fit(rows: list[tuple[dict[str, float], bool]]) -> dict[str, Any]:
    """The logistic regression of one field (its JSON entry)."""
    rules = Counter(name for features, _ in rows for name in features if name.startswith("rule="))
    names = sorted({name for features, _ in rows for name in features
                    if not name.startswith("rule=") or rules[name] >= MIN_RULE})
    x = np.array([[features.get(name, 0.0) for name in names] for features, _ in rows])
    y = np.array([int(right) for _, right in rows])
    if len(set(y)) < 2:  # all right (or all wrong): the base rate, smoothed (Laplace)
        return {"intercept": float(np.log((y.sum() + 1) / (len(y) - y.sum() + 1))),
                "weights": {}, "samples": len(rows), "right": int(y.sum())}
    model = LogisticRegression(C=C, max_iter=5000).fit(x, y)
    return {"intercept": round(float(model.intercept_[0]), 4),
            "weights": {name: round(float(w), 4) for name, w in zip(names, model.coef_[0],
                                                                    strict=True)},
            "samples": len(rows), "right": int(y.sum())}


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    data = samples()
    fitted: dict[str, Any] = {"fields": {f: fit(rows) for f, rows in data.items() if rows}}
    print(f"{'field':<16}{'values':>7}{'right':>7}{'mean p':>8}{'ECE':>7}  largest weights")
    for field, rows in data.items():
        if not rows:
            continue
        entry = fitted["fields"][field]
        probs = [probability(entry, features) for features, _ in rows]
        ece, _ = score.reliability(list(zip(probs, [r for _, r in rows], strict=True)))
        top = sorted(entry["weights"].items(), key=lambda kv: -abs(kv[1]))[:4]
        print(f"{field:<16}{len(rows):>7}{entry['right'] / len(rows):>7.3f}"
              f"{np.mean(probs):>8.3f}{ece:>7.3f}  "
              + ", ".join(f"{k} {v:+.2f}" for k, v in top))
    if args.write:
        TARGET.write_text(json.dumps({**fitted, "fitted_on": FITTED_ON}, indent=1) + "\n",
                          encoding="utf-8")
        print(f"written {TARGET}")
    return 0


def probability(entry: dict[str, Any], features: dict[str, float]) -> float:
    """The fitted probability of one value (the plugin's own formula,
    ``confidence.calibrated``, on a fit not yet written)."""
    z = entry["intercept"] + sum(w * features.get(n, 0.0) for n, w in entry["weights"].items())
    return float(1.0 / (1.0 + np.exp(-z)))


if __name__ == "__main__":
    sys.exit(main())
