"""Per-value confidence: the calibrated chance that an extracted value is right.

Each value is described by a few features of the rule that answered and of its context
(:func:`value_features`); ``confidence.json`` beside this module holds, per field, a
logistic regression of "the value is right" on them, fitted by
``bench/quality/fit_extraction_confidence.py`` (scikit-learn ``LogisticRegression``) on the
tuning half of the quality corpus (issue 34); nothing is fitted at run time. Its shape::

    {"fields": {"notice_period": {"intercept": b, "weights": {"rule=stops_renewal": w, ...},
                                  "samples": n, "right": k}, ...},
     "fitted_on": "..."}

and the confidence of a value is ``1 / (1 + exp(-(b + sum(w_f * x_f))))`` over the features
``x`` the value has (a feature the file does not weigh, such as a rule the tuning half never
saw fire, counts 0: the field's base rate then speaks). A field without an entry (no ground
truth in the corpus: counterparty, contract value, currency, invoice fields) gets ``None``,
and the caller its fixed rule precision.

Features (all floats):

``rule=<id>``
    1 for the rule the field's finder answered by (:meth:`.text.NormText.note`);
``inferred``
    1 when the value is not stated but inferred (the effective date of a contract that states
    none is its agreement date);
``position``
    where the value's first evidence starts, as a share of the text (0 = the first character);
``preamble``
    1 when that is within the first :data:`.text.PREAMBLE_CHARS` characters;
``spans``
    the number of evidence spans (the names of a party list; a date and the statement of the
    start it resolves), at most 5;
``repeats``
    ``log(1 + n)`` for ``n`` further mentions of the same value in the text (the same date,
    the same duration, the jurisdiction's name; for parties, the share of names the text
    names again);
``agrees``
    1 when the effective and the agreement dates are the same day (for those two fields).

Source of the method: Platt scaling / logistic calibration (Platt, "Probabilistic Outputs for
Support Vector Machines", 1999; Niculescu-Mizil & Caruana, "Predicting Good Probabilities with
Supervised Learning", ICML 2005), here over the rule's own features.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from functools import cache
from pathlib import Path
from typing import Any

from .dates import date_matches, is_date
from .durations import duration_matches, parse_duration
from .text import PREAMBLE_CHARS, NormText, Span

CONFIDENCE_FILE = Path(__file__).with_name("confidence.json")
#: the date fields, whose repeats are the same day written anywhere in the text
_DATE_FIELDS = frozenset({"agreement_date", "effective_date", "expiration_date"})
#: the duration fields, whose repeats are the same length written anywhere in the text
_DURATION_FIELDS = frozenset({"term", "renewal_term", "notice_period"})


@cache
def parameters() -> dict[str, Any]:
    """The fitted parameters (module documentation); ``{}`` when the file is missing."""
    if not CONFIDENCE_FILE.is_file():
        return {}
    data: dict[str, Any] = json.loads(CONFIDENCE_FILE.read_text(encoding="utf-8"))
    return data


def value_features(
    field: str, value: Any, spans: list[Span], norm: NormText, inferred: bool,
    agrees: bool,
) -> dict[str, float]:
    """The features (module documentation) of ``value`` found for ``field`` at ``spans`` of
    ``norm.text``; ``inferred`` and ``agrees`` as the finders tell them."""
    first = min((s for s, _ in spans), default=0)
    features = {
        "inferred": float(inferred),
        "position": first / max(len(norm.text), 1),
        "preamble": float(first < PREAMBLE_CHARS),
        "spans": float(min(len(spans), 5)),
        "repeats": _repeats(field, value, norm),
        "agrees": float(agrees),
    }
    rule = norm.rules.get(field)
    if rule is not None:
        features[f"rule={rule}"] = 1.0
    return features


def _repeats(field: str, value: Any, norm: NormText) -> float:
    """``log(1 + n)``, ``n`` the mentions of ``value`` beyond the first (parties: the share
    of names mentioned more than once)."""
    if field in _DATE_FIELDS and isinstance(value, str):
        count = norm.memo(f"confidence_dates:{value}", lambda: _mentions(value, norm))
        return math.log1p(max(count - 1, 0))
    if field in _DURATION_FIELDS and isinstance(value, dict):
        lengths = norm.memo("confidence_durations", lambda: [
            (d["value"], d["unit"]) for d in map(parse_duration, duration_matches(norm))
            if d is not None])
        return math.log1p(max(lengths.count((value.get("value"), value.get("unit"))) - 1, 0))
    if field == "governing_law" and isinstance(value, str) and value:
        return math.log1p(max(norm.folded.count(value.lower()) - 1, 0))
    if field == "parties" and isinstance(value, list) and value:
        names = [str(name).lower() for name in value]
        return sum(norm.folded.count(name) > 1 for name in names) / len(names)
    return 0.0


def _mentions(value: str, norm: NormText) -> int:
    """How many of the text's dates (:func:`.dates.date_matches`) are ``value`` (an ISO date,
    as the finders write it; 0 for any other string); only dates that can be of its year are
    read (:func:`.dates.is_date`)."""
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        return 0
    if day.isoformat() != value:
        return 0
    return sum(is_date(m, day) for m in date_matches(norm))


def calibrated(field: str, features: dict[str, float]) -> float | None:
    """The chance that a value of ``field`` with ``features`` is right, in (0, 1), from the
    fitted logistic regression; ``None`` when the file has no entry for ``field``."""
    entry = (parameters().get("fields") or {}).get(field)
    if not isinstance(entry, dict):
        return None
    weights: dict[str, float] = entry.get("weights") or {}
    z = float(entry.get("intercept", 0.0)) + sum(
        float(w) * features.get(name, 0.0) for name, w in weights.items())
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))
