"""Score classification and extraction predictions against the corpus ground truth.

Predictions are JSON lines ``{"file": <path relative to the corpus root>, "labels": [...],
"data": {...}}`` (``data`` as returned by the extraction plugin). Ground truth:

* CUAD (``cuad/labels.jsonl``): ``label_path``, ``parties_list``, ``agreement_date_iso``,
  ``effective_date_iso``, ``expiration_date_iso``, ``renewal_term``,
  ``notice_period_to_terminate_renewal`` (→ ``notice_period``), ``governing_law``. A field
  whose lawyer answer is not a plain value (a partial date ``[]/[]/2016``, "perpetual") is
  not scored for that document. The effective date follows the corpus's convention (issue
  34): a contract that states no start takes effect when it is made, so where CUAD gives no
  effective date the truth is the agreement date (``effective_date_inferred``), not scored
  when that is partial; ``--effective-as-stated`` scores it as before (no date where CUAD
  states none).
* Kleister NDA (``kleister-nda/labels.jsonl``): ``party`` (→ ``parties``),
  ``effective_date``, ``jurisdiction`` (→ ``governing_law``), ``term``.

Per field: a prediction equal to the truth is a true positive; a prediction with no truth or
a wrong value is a false positive; a truth with no or a wrong prediction is a false negative
(so a wrong value counts against both precision and recall). ``parties`` is scored per
party: a predicted name matches a true one when, after dropping defined-term parentheses,
punctuation, case and corporate suffixes, at least half of the shorter name's tokens are in
the other. Durations match when equal in days within 5% (12 months = 1 year).

CLI: ``python bench/quality/score.py predictions.jsonl [--json]``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import corpus_root

SKIP = object()  # truth exists but is not a plain value: do not score this field here

FIELDS = ("parties", "agreement_date", "effective_date", "expiration_date", "term",
          "renewal_term", "notice_period", "governing_law")

_UNIT_DAYS = {"day": 1.0, "week": 7.0, "month": 30.4, "year": 365.0}
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
_SUFFIXES = frozenset(
    ["inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "co", "company", "lp", "llp", "plc", "gmbh", "ag", "sa", "nv", "bv", "pte", "the", "and", "of", "a"]
)


def duration_days(value: Any) -> float | None:
    """Days of a duration given as ``{"value", "unit"}``, ``"P1Y"`` or text ("2 years",
    "successive 1 year"); ``None`` when there is none."""
    if isinstance(value, dict) and "value" in value and "unit" in value:
        return float(value["value"]) * _UNIT_DAYS.get(str(value["unit"]).rstrip("s"), 0.0)
    if not isinstance(value, str):
        return None
    iso = re.fullmatch(r"P(\d+(?:\.\d+)?)([DWMY])", value.strip())
    if iso:
        unit = {"D": "day", "W": "week", "M": "month", "Y": "year"}[iso.group(2)]
        return float(iso.group(1)) * _UNIT_DAYS[unit]
    m = re.search(r"(\d+(?:\.\d+)?|one|two|three|four|five|six|ten)\)?\s*(day|week|month|year)",
                  value.lower())
    if not m:
        return None
    number = float(_WORDS.get(m.group(1), 0) or m.group(1))
    return number * _UNIT_DAYS[m.group(2)]


def norm_law(value: Any) -> str | None:
    """``"State of Delaware"``, ``"Delaware"``, ``"the laws of Delaware"`` → ``"delaware"``."""
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.split(";")[0].lower()
    text = re.sub(r"\b(the|state|commonwealth|province|laws?|of)\b", " ", text)
    text = re.sub(r"[^a-z ]+", " ", text)
    return " ".join(text.split()) or None


def party_tokens(name: str) -> set[str]:
    """Comparable tokens of a party name (defined terms and suffixes dropped)."""
    name = re.sub(r"\([^)]*\)", " ", name)
    return {t for t in re.findall(r"[a-z0-9]+", name.lower()) if t not in _SUFFIXES}


def parties_match(a: str, b: str) -> bool:
    """True when at least half of the shorter name's tokens occur in the other."""
    ta, tb = party_tokens(a), party_tokens(b)
    if not ta or not tb:
        return False
    return len(ta & tb) / min(len(ta), len(tb)) >= 0.5


def _truth_parties(items: Iterable[str]) -> list[str]:
    out = []
    for item in items:
        item = item.strip()
        low = item.lower()
        if not item or len(item) > 150 or low.startswith(("each of", "together", "[")):
            continue
        if not party_tokens(item):
            continue
        out.append(item)
    return out


def _iso_or_skip(row: dict[str, Any], key: str) -> Any:
    if row.get(f"{key}_iso"):
        return row[f"{key}_iso"]
    return None if row.get(key) is None else SKIP


def effective_truth(row: dict[str, Any], as_stated: bool = False) -> Any:
    """The effective date a CUAD row's contract takes effect on: the stated one, else (the
    corpus's convention, issue 34) the date it was made, which the labels fill in
    ``effective_date_iso`` with ``effective_date_inferred``; :data:`SKIP` when the date that
    counts is partial ("[]/[]/2016"); ``None`` when CUAD gives neither. ``as_stated``: the
    scoring before the convention (``None`` where CUAD states no effective date)."""
    if as_stated and row.get("effective_date_inferred"):
        return None if row.get("effective_date") is None else SKIP
    if row.get("effective_date_iso"):
        return row["effective_date_iso"]
    if row.get("effective_date") is not None:
        return SKIP
    return SKIP if row.get("agreement_date") is not None and not as_stated else None


def load_truth(root: Path | None = None, effective_as_stated: bool = False
               ) -> dict[str, dict[str, Any]]:
    """``file`` → ``{"labels": [...], field: truth | None | SKIP}`` for CUAD and Kleister
    (``effective_as_stated``: see :func:`effective_truth`)."""
    base = root or corpus_root()
    truth: dict[str, dict[str, Any]] = {}
    with (base / "cuad" / "labels.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            renewal = row.get("renewal_term")
            notice = row.get("notice_period_to_terminate_renewal")
            truth["cuad/" + row["txt"]] = {
                "labels": row["label_path"],
                "parties": _truth_parties(row.get("parties_list") or []) or None,
                "agreement_date": _iso_or_skip(row, "agreement_date"),
                "effective_date": effective_truth(row, effective_as_stated),
                "expiration_date": _iso_or_skip(row, "expiration_date"),
                "renewal_term": (duration_days(renewal) or SKIP) if renewal else None,
                "notice_period": (duration_days(notice) or SKIP) if notice else None,
                "governing_law": norm_law(row.get("governing_law")),
                "term": SKIP,  # CUAD has no initial-term answer
            }
    with (base / "kleister-nda" / "labels.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            truth["kleister-nda/" + row["pdf"]] = {
                "labels": row["label_path"],
                "parties": _truth_parties(row.get("party") or []) or None,
                "effective_date": row.get("effective_date"),
                "governing_law": norm_law(row.get("jurisdiction")),
                "term": duration_days(row["term"]) if row.get("term") else None,
                "agreement_date": SKIP,
                "expiration_date": SKIP,
                "renewal_term": SKIP,
                "notice_period": SKIP,
            }
    return truth


def _same(field: str, pred: Any, true: Any) -> bool:
    if field in ("term", "renewal_term", "notice_period"):
        days = duration_days(pred)
        return days is not None and abs(days - float(true)) <= 0.05 * float(true) + 0.5
    if field == "governing_law":
        # "Ontario" matches "Ontario, Canada": one name's words contain the other's
        got = set((norm_law(pred) or "").split())
        want = set(str(true).split())
        return bool(got) and (got <= want or want <= got)
    return str(pred)[:10] == str(true)


def score(
    predictions: Iterable[dict[str, Any]], truth: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Per-field ``{tp, fp, fn, precision, recall, f1, support}`` and classification accuracy
    per level (``level_0``: root, ``level_1``: contract type) over the scored documents."""
    counts = {f: {"tp": 0, "fp": 0, "fn": 0, "support": 0} for f in FIELDS}
    levels: dict[str, list[int]] = {}
    for pred in predictions:
        true = truth.get(pred.get("file", ""))
        if true is None:
            continue
        labels = pred.get("labels")
        if isinstance(labels, list):
            for depth, label in enumerate(true["labels"]):
                ok = len(labels) > depth and labels[depth] == label
                levels.setdefault(f"level_{depth}", [0, 0])
                levels[f"level_{depth}"][0] += int(ok)
                levels[f"level_{depth}"][1] += 1
        data = pred.get("data")
        if not isinstance(data, dict):
            continue
        for field in FIELDS:
            t = true.get(field, SKIP)
            if t is SKIP:
                continue
            c = counts[field]
            p = data.get(field)
            if p in (None, "", []):
                p = None
            if field == "parties":
                t_list = t or []
                p_list = [x for x in (p or []) if isinstance(x, str)]
                c["support"] += len(t_list)
                c["tp"] += sum(1 for x in p_list if any(parties_match(x, y) for y in t_list))
                c["fp"] += sum(1 for x in p_list if not any(parties_match(x, y) for y in t_list))
                c["fn"] += sum(1 for y in t_list if not any(parties_match(x, y) for x in p_list))
                continue
            if t is not None:
                c["support"] += 1
            if p is not None and t is not None and _same(field, p, t):
                c["tp"] += 1
            else:
                c["fp"] += int(p is not None)
                c["fn"] += int(t is not None)
    fields: dict[str, Any] = {}
    for field, c in counts.items():
        precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
        recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        fields[field] = {**c, "precision": round(precision, 3), "recall": round(recall, 3),
                         "f1": round(f1, 3)}
    classification = {
        level: {"correct": ok, "total": n, "accuracy": round(ok / n, 3) if n else 0.0}
        for level, (ok, n) in sorted(levels.items())
    }
    return {"fields": fields, "classification": classification}


def value_right(field: str, pred: Any, true: Any) -> bool | None:
    """Whether an extracted value of ``field`` is right against the truth ``true`` (``None``
    when the field is not scored there, :data:`SKIP`, or nothing was extracted): a value
    where the dataset has none is wrong; a party list is right when every name in it is a
    true party and every true party is named (:func:`parties_match`)."""
    if true is SKIP or pred in (None, "", []):
        return None
    if true is None:
        return False
    if field == "parties":
        names = [x for x in pred if isinstance(x, str)] if isinstance(pred, list) else []
        return bool(names) and all(any(parties_match(x, y) for y in true) for x in names) \
            and all(any(parties_match(x, y) for x in names) for y in true)
    return _same(field, pred, true)


#: bins of the expected calibration error (equal width over [0, 1])
ECE_BINS = 10


def calibration(
    predictions: Iterable[dict[str, Any]], truth: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Per field, how well the stated confidence of the extracted values (``confidence``:
    field → probability, beside ``data``) matches how often they are right
    (:func:`value_right`): ``{n, right, mean_confidence, ece, bins}``, ``ece`` the expected
    calibration error over :data:`ECE_BINS` equal-width bins (Naeini et al. 2015: the
    count-weighted mean of |mean confidence − share right| per bin), ``bins`` the non-empty
    bins as ``[low, n, mean confidence, share right]``."""
    pairs: dict[str, list[tuple[float, bool]]] = {f: [] for f in FIELDS}
    for pred in predictions:
        true = truth.get(pred.get("file", ""))
        data, stated = pred.get("data"), pred.get("confidence")
        if true is None or not isinstance(data, dict) or not isinstance(stated, dict):
            continue
        for field in FIELDS:
            right = value_right(field, data.get(field), true.get(field, SKIP))
            if right is not None and isinstance(stated.get(field), (int, float)):
                pairs[field].append((float(stated[field]), right))
    out: dict[str, dict[str, Any]] = {}
    for field, items in pairs.items():
        ece, bins = reliability(items)
        out[field] = {
            "n": len(items), "right": sum(r for _, r in items),
            "mean_confidence": round(sum(p for p, _ in items) / len(items), 3) if items else 0.0,
            "ece": round(ece, 3), "bins": bins}
    return out


def reliability(items: list[tuple[float, bool]]) -> tuple[float, list[list[float]]]:
    """The expected calibration error of ``(stated probability, right)`` pairs over
    :data:`ECE_BINS` equal-width bins and the non-empty bins as ``[low, n, mean probability,
    share right]`` (see :func:`calibration`)."""
    bins: list[list[float]] = []
    ece = 0.0
    for b in range(ECE_BINS):
        lo, hi = b / ECE_BINS, (b + 1) / ECE_BINS
        inside = [(p, r) for p, r in items if lo <= p < hi or (b == ECE_BINS - 1 and p == 1)]
        if not inside:
            continue
        mean = sum(p for p, _ in inside) / len(inside)
        share = sum(r for _, r in inside) / len(inside)
        ece += len(inside) / len(items) * abs(mean - share)
        bins.append([lo, len(inside), round(mean, 3), round(share, 3)])
    return ece, bins


def format_calibration(result: dict[str, dict[str, Any]]) -> str:
    """Plain-text table of :func:`calibration`'s result."""
    lines = [f"{'field':<16}{'values':>7}{'right':>7}{'share':>7}{'mean p':>8}{'ECE':>7}"]
    for field, c in result.items():
        share = c["right"] / c["n"] if c["n"] else 0.0
        lines.append(f"{field:<16}{c['n']:>7}{c['right']:>7}{share:>7.3f}"
                     f"{c['mean_confidence']:>8.3f}{c['ece']:>7.3f}")
    return "\n".join(lines)


def format_table(result: dict[str, Any]) -> str:
    """Plain-text table of :func:`score`'s result."""
    header = (f"{'field':<16}{'support':>8}{'tp':>6}{'fp':>6}{'fn':>6}"
              f"{'precision':>11}{'recall':>8}{'f1':>7}")
    lines = [header]
    for field, c in result["fields"].items():
        lines.append(f"{field:<16}{c['support']:>8}{c['tp']:>6}{c['fp']:>6}{c['fn']:>6}"
                     f"{c['precision']:>11.3f}{c['recall']:>8.3f}{c['f1']:>7.3f}")
    for level, c in result["classification"].items():
        lines.append(f"classification {level}: {c['correct']}/{c['total']} = "
                     f"{c['accuracy']:.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("predictions", help="JSON lines {file, labels, data}")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--effective-as-stated", action="store_true",
                        help="score the effective date as before issue 34's convention")
    args = parser.parse_args(argv)
    with open(args.predictions, encoding="utf-8") as fh:
        preds = [json.loads(line) for line in fh if line.strip()]
    result = score(preds, load_truth(effective_as_stated=args.effective_as_stated))
    print(json.dumps(result, indent=2) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
