"""When the agreement was made and when it takes effect."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator

from .dates import date_matches, dates_in, parse_date
from .text import PREAMBLE_CHARS, Found, NormText, Span

_AGREEMENT_CUES = re.compile(
    r"(?:dated\s+(?:as\s+of\s+)?|made\s+(?:and\s+entered\s+into\s+)?(?:as\s+of\s+|on\s+|"
    r"this\s+)?|entered\s+into\s+(?:as\s+of\s+|on\s+|this\s+)?|executed\s+(?:as\s+of\s+|on\s+)"
    r"|as\s+of\s+|date(?:d)?\s*:\s*)(?:the\s+)?",
    re.IGNORECASE,
)
_EFFECTIVE_CUES = [
    re.compile(r"effective\s+(?:as\s+of\s+|on\s+|from\s+)?(?:the\s+)?", re.IGNORECASE),
    re.compile(r"effective\s+date\W{0,3}\s*(?:shall\s+be|means|is|of|:)?\s*(?:the\s+)?",
               re.IGNORECASE),
    re.compile(r"commenc(?:e|es|ing)\s+(?:on|as\s+of)\s+(?:the\s+)?", re.IGNORECASE),
]
_EFFECTIVE_AFTER = re.compile(r"^\W{0,4}\s*\(?\s*(?:hereinafter\s+)?(?:the\s+)?\W?"
                              r"effective\s+date", re.IGNORECASE)


def _date_right_after(
    text: str, cue: re.Pattern[str], start: int, end: int, gap: int = 25
) -> Iterator[tuple[dt.date, list[Span]]]:
    for m in cue.finditer(text, start, end):
        for value, span in dates_in(text, m.end(), min(m.end() + gap + 30, len(text))):
            if span[0] - m.end() <= gap:
                yield value, [span]
            break


def find_agreement_date(norm: NormText) -> Found | None:
    """The date the agreement was made: a date right after a "dated/made/entered into ...
    as of" cue in the preamble, else the first date of the preamble."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    for value, spans in _date_right_after(text, _AGREEMENT_CUES, 0, limit):
        return value.isoformat(), spans
    # "this 15th day of March, 2004" is handled by DATE_RE's dmy form
    for value, span in dates_in(text, 0, min(limit, 1500)):
        return value.isoformat(), [span]
    return None


def find_effective_date(norm: NormText) -> Found | None:
    """An explicit effective (commencement) date; ``None`` when none is stated."""
    text = norm.text
    for m in date_matches(norm):
        if _EFFECTIVE_AFTER.match(text, m.end()) and parse_date(m):
            value = parse_date(m)
            if value is not None and 1950 <= value.year <= 2100:
                return value.isoformat(), [m.span()]
    for cue in _EFFECTIVE_CUES:
        for value, spans in _date_right_after(text, cue, 0, len(text), gap=10):
            return value.isoformat(), spans
    return None

