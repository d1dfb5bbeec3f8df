"""Durations in contract text: "ninety (90) days", "one (1) year", "12 months", "thirty days",
"forty-five (45) calendar days", "one hundred and twenty days", "2 (two) years", "2 yrs.",
"one and one-half years", "1.5 years".

Values are objects ``{"value": number, "unit": "day"|"week"|"month"|"year", "iso": "P90D"}``
(``iso`` is the ISO 8601 duration). Numbers in words are English cardinals up to 999
("sixty", "twenty-one", "one hundred and eighty") and "a" / "an" ("a year"). A half year is
given in months ("two and a half years" → 30 months), a half month in days.

The pattern is the rule ``shared.duration`` of ``rulebook/en/durations.toml`` (:mod:`.matcher`),
its number words those of :mod:`.numerals`. German and French durations ("drei (3) Monaten",
"un (1) an") are the fragment ``${duration}`` of ``rulebook/de/durations.toml`` and
``rulebook/fr/durations.toml``, with the same groups: :func:`parse_duration` reads them too,
their number and unit words those of the language the unit word belongs to
(:func:`.numerals.time_units`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .matcher import pattern
from .numerals import time_units, words_to_number
from .text import NormText, Span

DURATION_RE = pattern("shared.duration")
#: the cheap prefilter: a unit word ending a word; every DURATION_RE match ends with one
_UNIT_HINT = pattern("shared.duration_unit")
#: how far before its unit word a duration may start (the longest number in words with its
#: digits and a modifier, "one hundred and twenty-five (125) consecutive ", is 46 characters)
_REACH = 80
ISO_UNIT = {"day": "D", "week": "W", "month": "M", "year": "Y"}


def duration(value: int, unit: str) -> dict[str, Any]:
    """The duration object of ``value`` ``unit``s."""
    return {"value": value, "unit": unit, "iso": f"P{value}{ISO_UNIT[unit]}"}


def parse_duration(match: re.Match[str]) -> dict[str, Any] | None:
    """``{"value", "unit", "iso"}`` of a :data:`DURATION_RE` match; the digits in
    parentheses win over the words ("thirty (30) days"), the digits before parenthesised words
    over them ("2 (two) years"); "yrs" is years; a half ("one and one-half years", "1.5
    years") turns years into months and months into days. ``None`` outside 1 to 1000."""
    raw = match.group("paren") or match.group("digits")
    unit = match.group("unit").lower()
    # a German or French unit word ("Monaten", "ans") names its language and unit
    unit, language = time_units().get(unit, (unit, "en"))
    if raw is not None:
        value: int | None = int(raw)
    else:
        value = words_to_number(match.group("word") or match.group("word2") or "", language)
    if value is None or value <= 0 or value > 1000:
        return None
    unit = "year" if unit == "yr" else unit
    if match.groupdict().get("half") or match.group("decimal"):
        # a half year in months, a half month in days; a half day or week is not a term
        if unit == "year":
            return duration(value * 12 + 6, "month")
        if unit == "month":
            return duration(value * 30 + 15, "day")
        return None
    return duration(value, unit)


def find_durations(
    text: str, start: int = 0, end: int | None = None,
    units: Iterable[re.Match[str]] | None = None,
) -> list[re.Match[str]]:
    """Every :data:`DURATION_RE` match in ``text[start:end]``, the same as ``finditer`` over
    it but scanning only the few characters before each unit word ("day", "months", ...):
    windows of :data:`_REACH` characters, widened to whole words and merged when they
    overlap. Expects normalised text (whitespace runs collapsed, as :class:`NormText`).
    ``units``: the :data:`_UNIT_HINT` matches of ``text[start:end]`` when the caller has a
    faster scan of them (:meth:`NormText.finditer`)."""
    stop = len(text) if end is None else end
    windows: list[list[int]] = []
    for unit in _UNIT_HINT.finditer(text, start, stop) if units is None else units:
        lo = max(start, unit.start() - _REACH)
        while lo > start and text[lo - 1].isalnum():
            lo -= 1
        hi = min(stop, unit.end() + 1)
        if windows and lo <= windows[-1][1]:
            windows[-1][1] = hi
        else:
            windows.append([lo, hi])
    found: list[re.Match[str]] = []
    for lo, hi in windows:
        found.extend(m for m in DURATION_RE.finditer(text, lo, hi) if m.start() >= lo)
    return found


def duration_matches(norm: NormText) -> list[re.Match[str]]:
    """All duration matches of the document (:func:`find_durations`, computed once)."""
    return norm.memo("durations", lambda: find_durations(
        norm.text, units=norm.finditer(_UNIT_HINT)))


def first_duration(text: str, start: int, end: int) -> tuple[dict[str, Any], Span] | None:
    """The first duration in ``text[start:end]`` and its span."""
    for m in DURATION_RE.finditer(text, start, end):
        value = parse_duration(m)
        if value is not None:
            return value, m.span()
    return None
