"""Calibrated confidence of the zero-shot decision, from parameters fitted offline.

``calibration.json`` beside this module holds what ``bench/quality/fit_calibration.py``
fitted on the quality corpus's tuning half across the robustness bench's ontology variants
(issue 33); nothing is fitted at run time:

``temperature``
    ``{"root": T, "inner": T}``: the softmax temperature of the zero-shot BM25 scores at the
    root level and below it (temperature scaling, Guo et al. 2017), by the negative
    log-likelihood of the true label (``scipy.optimize.minimize_scalar``);
``isotonic``
    ``{"root": {"x": [...], "y": [...]}, "inner": {...}}``: the isotonic regression
    (scikit-learn ``IsotonicRegression``) of "the top label is right" on the top label's
    tempered probability, as its breakpoints; applied by linear interpolation, clipped;
``embedding_weight``
    ``{"inner": beta, "inner_name_only": beta'}``: below the root, the logit a label gains
    per unit of cosine similarity between the document's start and the label's own words
    (:mod:`.embedding`), fitted jointly with the inner temperature by the same likelihood
    (a conditional logit with two features, BM25 score and similarity; a label without a
    description has its own weight); absent or 0, the zero-shot decision is BM25 alone;
``prototype_weight``
    ``{"inner": gamma}``: below the root, the logit a label gains per unit of cosine
    similarity between the document's start and the prototypes of the knowledge-base types
    the label is mapped onto (:mod:`.prototypes`), fitted jointly with the temperature and the
    embedding weights; absent or 0, not used;
``root_min_evidence``
    the zero-shot score the best root label needs: below it the document is none of the
    ontology's kinds ("out of domain"), fitted on the tuning halves of the corpus and of the
    out-of-domain set (``bench/quality/ood.py``);
``min_probability``
    the calibrated probability below which the classifier abstains ("low confidence").
"""

from __future__ import annotations

import bisect
import json
from functools import cache
from pathlib import Path
from typing import Any

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")


@cache
def parameters() -> dict[str, Any]:
    """The fitted parameters (see the module documentation); ``{}`` when the file is
    missing (the classifier then keeps its built-in defaults)."""
    if not CALIBRATION_FILE.is_file():
        return {}
    data: dict[str, Any] = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    return data


def level_kind(depth: int) -> str:
    """``"root"`` for the top level (``depth`` 0), ``"inner"`` below it."""
    return "root" if depth == 0 else "inner"


def temperature(depth: int, default: float) -> float:
    """The fitted softmax temperature of the level at ``depth``, else ``default``."""
    value = (parameters().get("temperature") or {}).get(level_kind(depth))
    return float(value) if isinstance(value, (int, float)) and value > 0 else default


def embedding_weight(depth: int, described: bool = True) -> float:
    """The fitted logit per unit of label similarity at ``depth`` for a label with a
    description (``described``) or a name alone (key ``"<kind>_name_only"``: one word says
    less than a sentence, so its similarity is weighed apart); 0: not used."""
    key = level_kind(depth) + ("" if described else "_name_only")
    value = (parameters().get("embedding_weight") or {}).get(key)
    return float(value) if isinstance(value, (int, float)) and value > 0 else 0.0


def prototype_weight(depth: int) -> float:
    """The fitted logit per unit of type-prototype similarity at ``depth``; 0: not used."""
    value = (parameters().get("prototype_weight") or {}).get(level_kind(depth))
    return float(value) if isinstance(value, (int, float)) and value > 0 else 0.0


def calibrated(probability: float, depth: int) -> float:
    """The chance the top label is right, given its tempered ``probability`` at ``depth``
    (the isotonic map; ``probability`` itself without fitted parameters)."""
    table = (parameters().get("isotonic") or {}).get(level_kind(depth))
    if not isinstance(table, dict) or not table.get("x"):
        return probability
    xs: list[float] = table["x"]
    ys: list[float] = table["y"]
    if probability <= xs[0]:
        return float(ys[0])
    if probability >= xs[-1]:
        return float(ys[-1])
    i = bisect.bisect_right(xs, probability)
    x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
    return float(y0 + (y1 - y0) * (probability - x0) / (x1 - x0)) if x1 > x0 else float(y1)


def root_min_evidence(default: float) -> float:
    """The zero-shot score the best root label needs (out-of-domain threshold)."""
    value = parameters().get("root_min_evidence")
    return float(value) if isinstance(value, (int, float)) else default


def min_probability(default: float) -> float:
    """The calibrated probability below which the classifier abstains."""
    value = parameters().get("min_probability")
    return float(value) if isinstance(value, (int, float)) else default
