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
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

import dateparser
from dateparser.languages.loader import default_loader

from .numerals import cardinal_values, numbers, ordinal_values
from .text import NormText, Span

#: Years a contract date may have; others are section numbers, amounts or typos.
MIN_YEAR, MAX_YEAR = 1950, 2100

_MONTH_KEYS = ("january", "february", "march", "april", "may", "june", "july", "august",
               "september", "october", "november", "december")


def month_names(languages: Iterable[str]) -> list[str]:
    """The month names and abbreviations of ``languages`` (dateparser's locale data),
    longest first so an alternation prefers "September" to "Sep"."""
    names: set[str] = set()
    for language in languages:
        info = default_loader.get_locale(language).info
        for key in _MONTH_KEYS:
            names.update(str(n).lower() for n in info.get(key, []))
    return sorted(names, key=lambda n: (-len(n), n))


def _trie(words: Iterable[str]) -> str:
    """An alternation of ``words`` as a prefix tree ("j(?:an(?:uary)?|u(?:ly?|ne?))"): it
    matches what the flat longest-first alternation matches, but a position is rejected after
    one or two characters instead of one attempt per word (4x faster over a contract)."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(tree)


def month_pattern(languages: Iterable[str]) -> str:
    """A regular expression of :func:`month_names` (optional trailing "."), as a prefix tree
    (:func:`_trie`) that prefers the longest name ("September" to "Sep")."""
    return "(?:" + _trie(month_names(languages)) + r")\.?"


MONTH_RE = month_pattern(["en"])
#: day ordinal; PDF text may split or space the suffix ("20t h", "20 th day of January")
_ORD = r"(\d{1,2})(?:\s?(?:s\s?t|n\s?d|r\s?d|t\s?h))?"
#: the day of the month as an ordinal in words ("twenty-first", "twenty first", "thirtieth")
#: -> its number (the shared English number words, :mod:`.numerals`)
ORDINAL_DAYS = ordinal_values("en")
_ORDINAL_UNITS = tuple(numbers("en")["unit_ordinals"])
#: an ordinal day in words, the tens joined to the unit by a hyphen or a space
_WORD_DAY = (r"(?:(?:twenty|thirty)[\s-]?(?=" + "|".join(_ORDINAL_UNITS) + r"))?(?:" + "|".join(
    sorted({w for w in ORDINAL_DAYS if " " not in w}, key=len, reverse=True)) + ")")
_UNITS = tuple(numbers("en")["units"])
_TEENS = tuple(numbers("en")["teens"])
_TENS = tuple(numbers("en")["tens"])
#: a number below 100 in words ("five", "nineteen", "ninety-eight", "twenty one") -> its value
NUMBER_WORDS = {
    **{w: v for w, v in cardinal_values("en").items() if w in (*_UNITS, *_TEENS, *_TENS)},
    **{f"{t} {u}": 21 + 10 * i + j for i, t in enumerate(_TENS) for j, u in enumerate(_UNITS)},
}
_BELOW_100 = (r"(?:(?:" + "|".join(_TENS) + r")(?:[\s-](?:" + "|".join(_UNITS) + r"))?|"
              + "|".join(sorted((*_TEENS, *_UNITS), key=len, reverse=True)) + ")")
#: a year in words as a formal contract writes it: "two thousand and five", "Two Thousand
#: Ten", "nineteen hundred and ninety-eight", "nineteen ninety-eight"
_YEAR_WORDS = (rf"(?:two\s+thousand(?:(?:\s+and)?\s+{_BELOW_100}\b)?|nineteen\s+(?:hundred"
               rf"(?:\s+and)?\s+)?{_BELOW_100}\b)")
_YEAR_WORDS_RE = re.compile(
    rf"(?P<century>two\s+thousand|nineteen)(?:\s+hundred)?(?:\s+and)?(?:\s+(?P<rest>{_BELOW_100}))?\b$",
    re.IGNORECASE)
#: a year after the day and month, also as "A.D. 1998", "in the year 1998" or in words
_YEAR = (r"(?:day\s+of\s+)?(?:in\s+the\s+year\s+(?:of\s+(?:our\s+lord\s+)?)?|"
         rf"A\.?\s?D\.?,?\s*)?(?:\d{{4}}|{_YEAR_WORDS})")
#: every date starts with a digit, a month's or an ordinal day's first letter: other positions
#: fail at once
_DATE_START = ("(?=[0-9" + "".join(sorted({n[0] for n in [*month_names(["en"]), *ORDINAL_DAYS]}))
               + "])")
DATE_RE = re.compile(
    # "January 5, 2009", also "January, 5, 2009" and "January 5. 2009" as typed or OCR'd
    rf"{_DATE_START}(?:(?P<mdy>{MONTH_RE}\s*,?\s*{_ORD}\s*[,.]?\s*\d{{4}})"
    # a form's blanks filled in as "the 20 March day of 1998" too; "the 27th of May 1997";
    # "1-Jun-2005"
    rf"|(?P<dmy>{_ORD}(?:\s*|-)(?:day\s+of\s+|of\s+)?(?:the\s+month\s+of\s+)?{MONTH_RE}"
    # "5-Jan-09": a two-digit year only in the hyphenated form
    rf"(?:\s*,?\s*|-){_YEAR}|{_ORD}-{MONTH_RE}-\d{{2}}\b)"
    # "the twenty-first day of June, 2005"
    rf"|(?P<words>\b{_WORD_DAY}\s+day\s+of\s+(?:the\s+month\s+of\s+)?{MONTH_RE}\s*,?\s*"
    rf"{_YEAR})"
    # with dots and a two-digit year only zero-padded ("08.05.03"): "4.7.21" numbers a section
    r"|(?P<num>(?<!v\.)\b(?:\d{1,2}(?:[/-]\d{1,2}[/-](?:\d{4}|\d{2})|\.\d{1,2}\.\d{4})"
    r"|\d\d\.\d\d\.\d\d)\b)"
    r"|(?P<iso>\b\d{4}(?:-\d{2}-|/\d{2}/)\d{2}\b))",
    re.IGNORECASE,
)

_SETTINGS: dict[str, Any] = {
    "REQUIRE_PARTS": ["day", "month", "year"],
    "PARSERS": ["custom-formats", "absolute-time"],
    "PREFER_DATES_FROM": "past",
}
_SPLIT_ORDINAL = re.compile(r"(\d)\s?(s|n|r|t)\s?(t|d|h)\b", re.IGNORECASE)
#: words dateparser does not expect between the parts ("the 31 day of the month of July.",
#: "in the year (of our Lord) 1998", "A.D. 1998", "1-Jun-2005")
_FILLER = re.compile(r"\b(?:day\s+)?of\s+(?:the\s+month\s+of\s+)?|\bthe\b|\bin\s+the\s+year\b"
                     r"|\bour\s+lord\b|\bA\.?\s?D\.?,?(?=\s*\d{4})|(?<=[A-Za-z])\.(?=\s*\d)|(?<=\w)-(?=[A-Za-z])"
                     r"|(?<=[A-Za-z])-(?=\d)", re.IGNORECASE)
_WORD_DAY_RE = re.compile(rf"^{_WORD_DAY}", re.IGNORECASE)


#: English month names and abbreviations (dateparser's locale data) -> month number
_MONTH_NUMBERS = {str(name).lower(): number
                  for number, key in enumerate(_MONTH_KEYS, 1)
                  for name in default_loader.get_locale("en").info.get(key, [])}
#: the commonest written dates, after :func:`parse_date_text`'s clean-up: "January 20, 2004",
#: "Jan. 20th 2004", "20 January, 2004" (the ordinal's "day of" is gone by then)
_PLAIN_DATE = re.compile(
    r"(?P<m1>[^\W\d_]+)\.? (?P<d1>\d{1,2})(?:st|nd|rd|th)?,? (?P<y1>\d{4})"
    r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)? (?P<m2>[^\W\d_]+)\.?,? (?P<y2>\d{4})", re.IGNORECASE)


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
    text = match.group()
    if match.group("words") is not None:
        text = _WORD_DAY_RE.sub(
            lambda m: str(ORDINAL_DAYS[" ".join(m.group().lower().replace("-", " ").split())]),
            text)
    if not text[-1].isdigit():
        text = _year_in_digits(text)
    if match.group("num") is not None and "." in text:
        # dots separate a numeric date day first wherever they are the convention (Germany,
        # Switzerland, Poland, Russia, ...); US contracts write slashes
        return parse_date_text(text, "DMY")
    return parse_date_text(text)


#: the English month names and abbreviations of :data:`DATE_RE`, and their lengths
_MONTH_NAMES = frozenset(month_names(["en"]))
_MONTH_LENGTHS = sorted({len(name) for name in _MONTH_NAMES})
_DIGIT_RUN = re.compile(r"\d+")
_WORD_DAY_BEFORE = re.compile(rf"\b{_WORD_DAY}$")
#: one digit exactly where a :data:`DATE_RE` match starts with a digit (the day-first,
#: numeric and ISO forms): the pattern asserted at each digit, only digits tried
_DIGIT_START = re.compile(rf"\d(?<=(?={DATE_RE.pattern})\d)", DATE_RE.flags)


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
