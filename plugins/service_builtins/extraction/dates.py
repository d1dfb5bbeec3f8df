"""Dates in contract text: where they are (:data:`DATE_RE`) and what they are (dateparser).

The regular expression only finds candidate spans — "January 20, 2004", "the 20th day of
January, 2004", "20 January 2004", "01/20/2004", "2004-01-20" — including PDF text artefacts
that split an ordinal ("20t h day of January"); the month names come from dateparser's own
locale data. The value is read by dateparser (``languages`` English for contracts), numeric
dates month first (US contracts) unless the first number exceeds 12.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import dateparser
from dateparser.languages.loader import default_loader

from .matcher import pattern
from .months import MONTH_KEYS, month_names
from .numerals import cardinal_values, numbers, ordinal_values
from .text import NormText, Span

#: Years a contract date may have; others are section numbers, amounts or typos.
MIN_YEAR, MAX_YEAR = 1950, 2100

#: the day of the month as an ordinal in words ("twenty-first", "twenty first", "thirtieth")
#: -> its number (the shared English number words, :mod:`.numerals`)
ORDINAL_DAYS = ordinal_values("en")
_UNITS = tuple(numbers("en")["units"])
_TEENS = tuple(numbers("en")["teens"])
_TENS = tuple(numbers("en")["tens"])
#: a number below 100 in words ("five", "nineteen", "ninety-eight", "twenty one") -> its value
NUMBER_WORDS = {
    **{w: v for w, v in cardinal_values("en").items() if w in (*_UNITS, *_TEENS, *_TENS)},
    **{f"{t} {u}": 21 + 10 * i + j for i, t in enumerate(_TENS) for j, u in enumerate(_UNITS)},
}
_YEAR_WORDS_RE = pattern("shared.year_in_words")
DATE_RE = pattern("shared.date")

_SETTINGS: dict[str, Any] = {
    "REQUIRE_PARTS": ["day", "month", "year"],
    "PARSERS": ["custom-formats", "absolute-time"],
    "PREFER_DATES_FROM": "past",
}
_SPLIT_ORDINAL = pattern("shared.split_ordinal")
#: words dateparser does not expect between the parts ("the 31 day of the month of July.",
#: "in the year (of our Lord) 1998", "A.D. 1998", "1-Jun-2005")
_FILLER = pattern("shared.date_filler")
_WORD_DAY_RE = pattern("shared.word_day_start")


#: English month names and abbreviations (dateparser's locale data) -> month number
_MONTH_NUMBERS = {str(name).lower(): number
                  for number, key in enumerate(MONTH_KEYS, 1)
                  for name in default_loader.get_locale("en").info.get(key, [])}
#: the commonest written dates, after :func:`parse_date_text`'s clean-up: "January 20, 2004",
#: "Jan. 20th 2004", "20 January, 2004" (the ordinal's "day of" is gone by then)
_PLAIN_DATE = pattern("shared.plain_date")


def _plain_date(text: str) -> dt.date | None:
    """The date of an English "<month> <day>, <year>" or "<day> <month> <year>" (the whole
    of ``text``) with a real day of that month, read directly; ``None`` for anything else,
    which dateparser reads. dateparser gives the same date for these (checked over the
    corpus's dates and every month name with edge days and years in the tests); it costs
    ~1.3 ms a date string, a contract has one or two new ones."""
    m = _PLAIN_DATE.fullmatch(text)
    if m is None:
        return None
    month = _MONTH_NUMBERS.get((m.group("m1") or m.group("m2")).lower())
    if month is None:
        return None
    try:
        return dt.date(int(m.group("y1") or m.group("y2")), month,
                       int(m.group("d1") or m.group("d2")))
    except ValueError:  # no such day: dateparser's answer, whatever it is
        return None


@lru_cache(maxsize=8192)
def parse_date_text(
    raw: str, order: str = "MDY", languages: tuple[str, ...] = ("en",)
) -> dt.date | None:
    """The date written in ``raw`` (dateparser), or ``None`` when it is not a complete
    date (day, month and year) within :data:`MIN_YEAR`..:data:`MAX_YEAR`. ``order`` is the
    reading of all-numeric dates ("MDY" for US contracts, "DMY" for European invoices);
    dateparser swaps it when the first number cannot be a month. A plain English date
    ("January 20, 2004") is read without dateparser (:func:`_plain_date`)."""
    text = date_text(raw)
    day = _plain_date(text) if languages == ("en",) else None
    if day is None:
        day = dateparser_date(text, order, languages)
    return day if day is not None and MIN_YEAR <= day.year <= MAX_YEAR else None


def date_text(raw: str) -> str:
    """``raw`` as dateparser reads it: a split ordinal joined ("20t h" -> "20th"), the
    words it does not expect between the parts ("day of", "the") and whitespace runs
    removed."""
    text = _SPLIT_ORDINAL.sub(lambda m: m.group(1) + m.group(2) + m.group(3), raw)
    return " ".join(_FILLER.sub(" ", text).split())


def dateparser_date(
    text: str, order: str = "MDY", languages: tuple[str, ...] = ("en",)
) -> dt.date | None:
    """dateparser's complete date (day, month and year) of ``text``, any year."""
    parsed = dateparser.parse(text, languages=list(languages),
                              settings={**_SETTINGS, "DATE_ORDER": order})
    if parsed is None:
        return None
    day: dt.date = parsed.date()
    return day


def _year_in_digits(text: str) -> str:
    """``text`` with a year in words at its end written in digits ("... March, two thousand
    and ten" -> "... March, 2010"); unchanged when it ends otherwise."""
    m = _YEAR_WORDS_RE.search(text)
    if m is None:
        return text
    rest = NUMBER_WORDS[" ".join(m.group("rest").lower().replace("-", " ").split())] \
        if m.group("rest") else 0
    year = (2000 if m.group("century").lower().startswith("two") else 1900) + rest
    return f"{text[:m.start()]}{year}"


def parse_date(match: re.Match[str]) -> dt.date | None:
    """The date of a :data:`DATE_RE` match (see :func:`parse_date_text`); an ordinal day in
    words is read as its number ("the twenty-first day of June, 2005" -> 2005-06-21), a year
    in words as its number ("the 3rd day of March, two thousand and ten" -> 2010-03-03), a
    numeric date with dots day first ("01.06.2005" -> 2005-06-01)."""
    text, day_first = _reading(match)
    return parse_date_text(text, "DMY") if day_first else parse_date_text(text)


def is_date(match: re.Match[str], day: dt.date) -> bool:
    """Whether ``parse_date(match) == day``, without reading a date whose text (ASCII, as
    :func:`date_text` hands it on) lacks the last digits of ``day``'s year: every reading takes
    the year from digits of that text ("03" or "2003" for 2003; a year in words is written in
    digits before), so such a match is another year's date. A contract's page footers repeat
    dates ("12 Jun 03") that dateparser reads at ~1.3 ms each."""
    text, day_first = _reading(match)
    if text.isascii() and str(day.year % 100) not in date_text(text):
        return False
    return (parse_date_text(text, "DMY") if day_first else parse_date_text(text)) == day


def _reading(match: re.Match[str]) -> tuple[str, bool]:
    """(the text :func:`parse_date` reads of a :data:`DATE_RE` match, whether day first)."""
    text = match.group()
    if match.group("words") is not None:
        text = _WORD_DAY_RE.sub(
            lambda m: str(ORDINAL_DAYS[" ".join(m.group().lower().replace("-", " ").split())]),
            text)
    if not text[-1].isdigit():
        text = _year_in_digits(text)
    # dots separate a numeric date day first wherever they are the convention (Germany,
    # Switzerland, Poland, Russia, ...); US contracts write slashes
    return text, match.group("num") is not None and "." in text


#: the English month names and abbreviations of :data:`DATE_RE`, and their lengths
_MONTH_NAMES = frozenset(month_names(["en"]))
_MONTH_LENGTHS = sorted({len(name) for name in _MONTH_NAMES})
_DIGIT_RUN = pattern("shared.digit_run")
_WORD_DAY_BEFORE = pattern("shared.word_day_before")
#: one digit exactly where a :data:`DATE_RE` match starts with a digit (the day-first,
#: numeric and ISO forms): the pattern asserted at each digit, only digits tried
_DIGIT_START = pattern("shared.date_digit_start")


def date_matches(norm: NormText) -> list[re.Match[str]]:
    """All :data:`DATE_RE` matches of the document, the same as ``DATE_RE.finditer(
    norm.text)`` (computed once).

    A match starts with a digit, with a month name that ``\\.?\\s*,?\\s*`` joins to a run of
    digits (the day) or with an ordinal day in words; every position of the text where one
    can start is found (:func:`_date_starts`) and ``DATE_RE`` is matched there, left to
    right, a match's end the next search's start as in ``finditer``. Scanning for the
    pattern tried it at each of the ~11,000 characters of a contract that start a month name
    (a, d, f, j, m, n, o, s), ~2 ms; the digits are ~500."""
    def scan() -> list[re.Match[str]]:
        found: list[re.Match[str]] = []
        resume = 0
        for at in _date_starts(norm.text, norm.folded):
            if at >= resume:
                match = DATE_RE.match(norm.text, at)
                if match is not None:
                    found.append(match)
                    resume = max(match.end(), at + 1)
        return found

    return norm.memo("date_matches", scan)


def _date_starts(text: str, folded: str) -> list[int]:
    """Ascending positions of ``text`` where a :data:`DATE_RE` match may start (``folded`` is
    its :attr:`NormText.folded`, where what ``DATE_RE`` matches case-insensitively is lower
    case, at the same positions): every start of a match at a digit, and every month name
    that ends right before ``.``, white space, a comma or nothing, then the first digit of a
    run (the day of the month-first form, whose month ends there), and every ordinal day in words
    before " day of". A superset of the match starts;
    the caller matches at each."""
    starts = [m.start() for m in _DIGIT_START.finditer(text)]
    for run in _DIGIT_RUN.finditer(folded):
        end = run.start()
        while end and folded[end - 1].isspace():  # \s* (one space in normalised text)
            end -= 1
        if end and folded[end - 1] == ",":  # "January, 5, 2009"
            end -= 1
            while end and folded[end - 1].isspace():
                end -= 1
        if end and folded[end - 1] == ".":
            end -= 1
        starts += [end - n for n in _MONTH_LENGTHS if n <= end and folded[end - n:end] in
                   _MONTH_NAMES]
    # an ordinal day in words ends before " day of": "the twenty-first day of June, 2005"
    at = folded.find(" day of ")
    while at != -1:
        word = _WORD_DAY_BEFORE.search(folded, max(0, at - 14), at)
        if word is not None:
            starts.append(word.start())
        at = folded.find(" day of ", at + 1)
    starts.sort()
    return starts


def dates_in(text: str, start: int, end: int) -> Iterator[tuple[dt.date, Span]]:
    """Valid dates in ``text[start:end]`` with their spans, in order."""
    for m in DATE_RE.finditer(text, start, end):
        value = parse_date(m)
        if value is not None:
            yield value, m.span()


def add_duration(start: dt.date, value: dict[str, Any]) -> dt.date:
    """``start`` + a duration ``{"value", "unit"}``; months and years keep the day of month
    (clamped to the month's last day), e.g. 2016-09-23 + 5 years = 2021-09-23 (CUAD's
    lawyers' convention for "five years from the Effective Date")."""
    n, unit = int(value["value"]), value["unit"]
    if unit == "day":
        return start + dt.timedelta(days=n)
    if unit == "week":
        return start + dt.timedelta(weeks=n)
    months = n * 12 if unit == "year" else n
    y, mo = divmod(start.month - 1 + months, 12)
    year, month = start.year + y, mo + 1
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(year, month, min(start.day, last))


# dateparser builds its English parser on its first call (~0.15 s of CPU: it compiles its
# locale's patterns). Plain dates no longer reach it, so the engine's warm-up call (a contract
# "entered into as of January 1, 2024") would leave that to the first document with another
# date form: it is done here, at import, i.e. when a runtime loads the plugin (the warm pool).
dateparser_date("January 1, 2024")
