"""Durations in contract text: "ninety (90) days", "one (1) year", "12 months", "thirty days".

Values are objects ``{"value": number, "unit": "day"|"week"|"month"|"year", "iso": "P90D"}``
(``iso`` is the ISO 8601 duration).
"""

from __future__ import annotations

import re
from typing import Any

from .text import NormText, Span

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "eighteen": 18, "twenty": 20, "twenty-four": 24,
    "thirty": 30, "forty-five": 45, "forty five": 45, "sixty": 60, "ninety": 90,
    "one hundred twenty": 120, "one hundred eighty": 180, "one hundred and eighty": 180,
    "one hundred and twenty": 120, "an": 1, "a": 1,
}
_WORD_NUM = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
DURATION_RE = re.compile(
    rf"(?:\b(?P<word>{_WORD_NUM})\s*\(\s*(?P<paren>\d+)\s*\)|(?P<digits>\d+)|"
    rf"\b(?P<word2>{_WORD_NUM}))"
    r"[\s-]*(?:\(\s*\d+\s*\)\s*)?(?:consecutive\s+|calendar\s+|business\s+|full\s+)?"
    r"(?P<unit>day|week|month|year)s?\b",
    re.IGNORECASE,
)
ISO_UNIT = {"day": "D", "week": "W", "month": "M", "year": "Y"}


def duration(value: int, unit: str) -> dict[str, Any]:
    """The duration object of ``value`` ``unit``s."""
    return {"value": value, "unit": unit, "iso": f"P{value}{ISO_UNIT[unit]}"}


def parse_duration(match: re.Match[str]) -> dict[str, Any] | None:
    """``{"value", "unit", "iso"}`` of a :data:`DURATION_RE` match; the digits in
    parentheses win over the words ("thirty (30) days")."""
    raw = match.group("paren") or match.group("digits")
    if raw is not None:
        value = int(raw)
    else:
        word = (match.group("word") or match.group("word2") or "").lower()
        if word not in NUMBER_WORDS:
            return None
        value = NUMBER_WORDS[word]
    if value <= 0 or value > 1000:
        return None
    return duration(value, match.group("unit").lower())


def duration_matches(norm: NormText) -> list[re.Match[str]]:
    """All :data:`DURATION_RE` matches of the document (computed once)."""
    return norm.all_matches(DURATION_RE)


def first_duration(text: str, start: int, end: int) -> tuple[dict[str, Any], Span] | None:
    """The first duration in ``text[start:end]`` and its span."""
    for m in DURATION_RE.finditer(text, start, end):
        value = parse_duration(m)
        if value is not None:
            return value, m.span()
    return None
