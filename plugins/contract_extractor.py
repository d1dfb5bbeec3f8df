"""Built-in contract extractor: rules over the contract text, no LLM needed.

Extracts, among the requested ``fields`` (matched by name; others are left out), these
contract fields from ``document.text``:

==================  =========  ===================================================
field               dtype      value
==================  =========  ===================================================
parties             list       party names from the preamble ("between X and Y");
                               else names before defined-term parentheses
counterparty        string     the party that is not the organization (needs
                               ``metadata["organization_identities"]``); produced
                               whenever ``parties`` or ``counterparty`` is requested
agreement_date      date       ISO ``YYYY-MM-DD`` ("dated as of", "made ... on")
effective_date      date       ISO; "effective as of", "(the "Effective Date")";
                               falls back to the agreement date
expiration_date     date       ISO; "expire(s) on", "until", "through" a date; the
                               N-th anniversary of / the initial term after the
                               effective date (same day N years later)
term                duration   initial term ("for a period of two (2) years")
renewal_term        duration   "automatically renew for successive one-year periods"
notice_period       duration   notice to stop renewal / terminate ("at least ninety
                               (90) days prior to the end of the term")
governing_law       string     jurisdiction name ("governed by the laws of the State
                               of Delaware" -> "Delaware")
contract_value      money      ``{"amount": float, "currency": "USD"}`` near "total
                               value / aggregate / contract price / annual fee"
currency            string     ISO 4217 code of the document's amounts
==================  =========  ===================================================

Invoice fields (``invoice_number``, ``invoice_date``, ``total_amount`` money, ``currency``,
``seller``, ``buyer``) are extracted with German / French / English e-invoice cues when
any invoice-only field is requested; ``currency`` then comes from the invoice rules.

Durations are objects ``{"value": number, "unit": "day"|"week"|"month"|"year", "iso":
"P90D"}`` (``iso`` is the ISO 8601 duration).

Evidence: ``data["_evidence"]`` maps every extracted field to a list of
``{"start", "end", "text"}`` character offsets into ``document.text`` (``end`` exclusive,
``text == document.text[start:end]``); the engine moves it to the stored extraction's
``evidence``. With ``use_llm`` true, fields the rules did not find are asked from the
organization's LLM (JSON schema; on ``RuntimeError`` — no provider — they stay missing) and
listed in ``llm_fields``.

Sources of the patterns: the clause wording of US commercial contracts as collected in
CUAD (Hendrycks et al., "CUAD: An Expert-Annotated NLP Dataset for Legal Contract Review",
NeurIPS 2021) and Kleister NDA (Stanisławek et al., ICDAR 2021).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from service_sdk import (
    ConfigurableParameter,
    Document,
    ExtractionPlugin,
    ExtractionResult,
    OntologyField,
    format_fields_for_prompt,
    logger,
    match_field,
    prompt_llm,
)

#: Characters (after whitespace normalisation) treated as the preamble.
PREAMBLE_CHARS = 4000
#: Characters of the document sent to the LLM for missing fields.
LLM_CHARS = 12000

CONTRACT_FIELDS = (
    "parties", "counterparty", "agreement_date", "effective_date", "expiration_date", "term",
    "renewal_term", "notice_period", "governing_law", "contract_value", "currency",
)

Span = tuple[int, int]  # offsets into the normalised text

# ---------------------------------------------------------------------------------------
# Text normalisation with an offset map


class NormText:
    """``text`` with whitespace runs collapsed to one space and curly quotes made straight,
    keeping a map back to the original offsets (so evidence points into the original)."""

    def __init__(self, original: str) -> None:
        self.original = original
        chars: list[str] = []
        index: list[int] = []
        in_space = False
        for i, ch in enumerate(original):
            if ch.isspace():
                if not in_space and chars:
                    chars.append(" ")
                    index.append(i)
                in_space = True
                continue
            in_space = False
            chars.append(_QUOTES.get(ch, ch))
            index.append(i)
        index.append(len(original))
        self.text = "".join(chars)
        self.index = index
        self._dates: list[re.Match[str]] | None = None
        self._durations: list[re.Match[str]] | None = None
        #: memo of :func:`find_term_clause` (a 1-tuple once computed)
        self.term_clause: tuple[Any] | None = None

    def date_matches(self) -> list[re.Match[str]]:
        """All :data:`DATE_RE` matches of the text (computed once)."""
        if self._dates is None:
            self._dates = list(DATE_RE.finditer(self.text))
        return self._dates

    def duration_matches(self) -> list[re.Match[str]]:
        """All :data:`DURATION_RE` matches of the text (computed once)."""
        if self._durations is None:
            self._durations = list(DURATION_RE.finditer(self.text))
        return self._durations

    def evidence(self, start: int, end: int) -> dict[str, Any]:
        """Evidence entry for the normalised span ``[start, end)``."""
        o_start = self.index[start]
        o_end = self.index[end - 1] + 1 if end > start else o_start
        return {"start": o_start, "end": o_end, "text": self.original[o_start:o_end]}


_QUOTES = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u00a0": " "}

# ---------------------------------------------------------------------------------------
# Dates

_MONTHS = {
    name: i + 1
    for i, names in enumerate([
        ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
        ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
        ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
        ("december", "dec"),
    ])
    for name in names
}
_MONTH_RE = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
#: day ordinal; PDF text may split the suffix ("20t h day of January")
_ORD = r"(\d{1,2})(?:s ?t|n ?d|r ?d|t ?h)?"
DATE_RE = re.compile(
    rf"(?P<mdy>(?P<m1>{_MONTH_RE})\s*{_ORD.replace('(', '(?P<d1>', 1)}\s*,?\s*(?P<y1>\d{{4}}))"
    rf"|(?P<dmy>{_ORD.replace('(', '(?P<d2>', 1)}\s*(?:day\s+of\s+)?(?P<m2>{_MONTH_RE})\s*,?"
    rf"\s*(?P<y2>\d{{4}}))"
    r"|(?P<num>\b(?P<n1>\d{1,2})[/.-](?P<n2>\d{1,2})[/.-](?P<n3>\d{4}|\d{2})\b)"
    r"|(?P<iso>\b(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})\b)",
    re.IGNORECASE,
)


def parse_date(match: re.Match[str]) -> dt.date | None:
    """The date of a :data:`DATE_RE` match; numeric dates are read month first (US
    contracts) unless the first number exceeds 12; two-digit years pivot at 50."""
    try:
        if match.group("mdy"):
            month = _MONTHS[match.group("m1").lower().rstrip(".")]
            return dt.date(int(match.group("y1")), month, int(match.group("d1")))
        if match.group("dmy"):
            month = _MONTHS[match.group("m2").lower().rstrip(".")]
            return dt.date(int(match.group("y2")), month, int(match.group("d2")))
        if match.group("num"):
            a, b, year = int(match.group("n1")), int(match.group("n2")), match.group("n3")
            y = int(year)
            if len(year) == 2:
                y += 1900 if y >= 50 else 2000
            month, day = (a, b) if a <= 12 else (b, a)
            return dt.date(y, month, day)
        if match.group("iso"):
            return dt.date(int(match.group("iy")), int(match.group("im")), int(match.group("id")))
    except (ValueError, KeyError):
        return None
    return None


def dates_in(text: str, start: int, end: int) -> Iterator[tuple[dt.date, Span]]:
    """Valid dates (years 1950..2100) in ``text[start:end]`` with their spans."""
    for m in DATE_RE.finditer(text, start, end):
        value = parse_date(m)
        if value is not None and 1950 <= value.year <= 2100:
            yield value, m.span()


# ---------------------------------------------------------------------------------------
# Durations

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "eighteen": 18, "twenty": 20, "twenty-four": 24,
    "thirty": 30, "forty-five": 45, "forty five": 45, "sixty": 60, "ninety": 90,
    "one hundred twenty": 120, "one hundred eighty": 180, "one hundred and eighty": 180,
    "one hundred and twenty": 120, "an": 1, "a": 1,
}
_WORD_NUM = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
DURATION_RE = re.compile(
    rf"(?:(?P<word>{_WORD_NUM})\s*\(\s*(?P<paren>\d+)\s*\)|(?P<digits>\d+)|"
    rf"(?P<word2>{_WORD_NUM}))"
    r"[\s-]*(?:\(\s*\d+\s*\)\s*)?(?:consecutive\s+|calendar\s+|business\s+|full\s+)?"
    r"(?P<unit>day|week|month|year)s?\b",
    re.IGNORECASE,
)
_ISO_UNIT = {"day": "D", "week": "W", "month": "M", "year": "Y"}


def parse_duration(match: re.Match[str]) -> dict[str, Any] | None:
    """``{"value", "unit", "iso"}`` of a :data:`DURATION_RE` match."""
    raw = match.group("paren") or match.group("digits")
    if raw is not None:
        value = int(raw)
    else:
        word = (match.group("word") or match.group("word2") or "").lower()
        if word not in _NUMBER_WORDS:
            return None
        value = _NUMBER_WORDS[word]
    if value <= 0 or value > 1000:
        return None
    unit = match.group("unit").lower()
    return {"value": value, "unit": unit, "iso": f"P{value}{_ISO_UNIT[unit]}"}


def first_duration(
    text: str, start: int, end: int
) -> tuple[dict[str, Any], Span] | None:
    """The first duration in ``text[start:end]``."""
    for m in DURATION_RE.finditer(text, start, end):
        value = parse_duration(m)
        if value is not None:
            return value, m.span()
    return None


# ---------------------------------------------------------------------------------------
# Money

_CURRENCY_SYMBOLS = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "C$": "CAD"}
_CURRENCY_WORDS = {
    "usd": "USD", "us dollars": "USD", "u.s. dollars": "USD", "dollars": "USD",
    "eur": "EUR", "euro": "EUR", "euros": "EUR", "gbp": "GBP", "pounds sterling": "GBP",
    "cad": "CAD", "canadian dollars": "CAD", "rmb": "CNY", "cny": "CNY", "renminbi": "CNY",
    "jpy": "JPY", "yen": "JPY", "chf": "CHF", "swiss francs": "CHF", "inr": "INR",
    "rupees": "INR", "hkd": "HKD", "aud": "AUD",
}

def _amount(suffix: str) -> str:
    return (
        rf"(?P<amount{suffix}>\d{{1,3}}(?:,\d{{3}})+(?:\.\d{{1,2}})?|\d+(?:\.\d{{1,2}})?)"
        rf"(?:\s*(?P<scale{suffix}>million|billion|thousand))?"
    )


MONEY_RE = re.compile(
    rf"(?P<symbol>US\$|C\$|\$|€|£|¥)\s?{_amount('')}"
    rf"|(?P<code>USD|EUR|GBP|CAD|CHF|JPY|RMB|CNY|INR|HKD|AUD)\s?{_amount('2')}"
    rf"|{_amount('3')}\s*"
    r"(?P<word>U\.S\. [Dd]ollars|US [Dd]ollars|[Dd]ollars|[Ee]uros?|RMB|Renminbi)",
)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}


def parse_money(match: re.Match[str]) -> dict[str, Any] | None:
    """``{"amount": float, "currency": "USD"}`` of a :data:`MONEY_RE` match."""
    for suffix in ("", "2", "3"):
        amount = match.group("amount" + suffix)
        if amount is None:
            continue
        value = float(amount.replace(",", ""))
        scale = match.group("scale" + suffix)
        if scale:
            value *= _SCALE[scale.lower()]
        if match.group("symbol"):
            currency = _CURRENCY_SYMBOLS[match.group("symbol")]
        elif match.group("code"):
            currency = _CURRENCY_WORDS.get(match.group("code").lower(), match.group("code"))
        else:
            currency = _CURRENCY_WORDS.get(match.group("word").lower(), "USD")
        return {"amount": value, "currency": currency}
    return None


# ---------------------------------------------------------------------------------------
# Field finders. Each returns (value, [normalised spans]) or None.

Found = tuple[Any, list[Span]]

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
    for m in norm.date_matches():
        if _EFFECTIVE_AFTER.match(text, m.end()) and parse_date(m):
            value = parse_date(m)
            if value is not None and 1950 <= value.year <= 2100:
                return value.isoformat(), [m.span()]
    for cue in _EFFECTIVE_CUES:
        for value, spans in _date_right_after(text, cue, 0, len(text), gap=10):
            return value.isoformat(), spans
    return None


_EXPIRY_CUES = re.compile(
    r"(?:expir(?:e|es|ing|ation)(?:\s+date)?(?:\s+(?:on|of|at))?|"
    r"terminat(?:e|es|ing)\s+(?:on|at)|"
    r"until|through|end(?:s|ing)?\s+(?:on|at))\s+(?:the\s+)?(?:close\s+of\s+business\s+on\s+)?"
    r"(?:midnight\s+(?:on\s+)?)?(?:11:59\s*p\.?m\.?\s+(?:\w+\s+time\s+)?on\s+)?",
    re.IGNORECASE,
)
#: "<date> to / through <date>": the end of a stated period
_PERIOD_JOIN = re.compile(
    r"\s*(?:,\s*)?(?:to|through|until|-|\u2013)\s+(?:and\s+including\s+)?", re.IGNORECASE
)
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "fifteenth": 15,
    "twentieth": 20, "twenty-fifth": 25, "thirtieth": 30,
}
_ORDINAL_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
#: what a relative term is counted from when it is the start of the agreement
_START_ANCHOR = (
    r"(?:the\s+)?(?:date\s+(?:hereof|of\s+(?:this|the)\s+(?:agreement|contract)|"
    r"first\s+(?:written|set\s+forth)\s+above|of\s+(?:execution|signature)|"
    r"(?:on\s+)?which\s+this\s+agreement\s+is\s+(?:executed|signed))|"
    r"effective\s+date(?:\s+of\s+this\s+agreement)?|execution\s+(?:date|hereof|of\s+this\s+"
    r"agreement)|commencement\s+date|(?:this\s+)?agreement\s+date)"
)
_ANNIVERSARY_RE = re.compile(
    r"(?P<cue>terminat(?:e|es|ing)|expir(?:e|es|ing)|end(?:s|ing)?|until|through|ending)\s+"
    r"(?:on\s+|at\s+|upon\s+)?(?:the\s+)?(?:close\s+of\s+business\s+on\s+the\s+)?"
    r"(?P<prior>(?:last\s+)?day\s+(?:immediately\s+)?(?:prior|before|preceding)\s+(?:to\s+)?"
    r"the\s+)?"
    rf"(?:(?P<word>{_ORDINAL_WORD})|(?P<num>\d{{1,2}})(?:st|nd|rd|th))\s*"
    r"(?:\(\s*\d{1,2}(?:st|nd|rd|th)?\s*\)\s*)?(?:year\s+)?anniversary\s+"
    rf"(?:of\s+{_START_ANCHOR}|thereof|hereof)",
    re.IGNORECASE,
)
#: phrases that open the statement of the agreement's (initial) term, right before its length
_TERM_LEAD = re.compile(
    r"(?:(?:initial\s+)?term\s+(?:of\s+(?:this|the)\s+[A-Za-z]+\s+)?(?:\([^)]{0,40}\)\s*)?"
    r"(?:shall|will)?\s*(?:be|is|continue|run|last|extend|remain)\s*(?:in\s+effect\s+)?|"
    r"(?:shall\s+|will\s+|and\s+)?(?:continue|remain)\s+(?:in\s+(?:full\s+)?"
    r"(?:force\s+(?:and|&)\s+)?effect|effective|in\s+(?:full\s+)?force)\s+(?:thereafter\s+)?|"
    r"(?:shall|will|and)\s+(?:continue|run|last|endure)\s+(?:thereafter\s+)?|"
    r"(?:shall\s+|will\s+|and\s+)?(?:be\s+)?effective\s+(?:from|as\s+of|on)\b[^.;]{0,60}?\s+for\s+|"
    r"(?:(?:shall|will)\s+)?(?:expire|terminate)s?\s+(?:automatically\s+)?"
    r"(?:on\s+the\s+date\s+(?:that|which)\s+is\s+|upon\s+the\s+(?:date\s+that\s+is\s+|"
    r"expiration\s+of\s+)|at\s+the\s+end\s+of\s+|(?:on|upon)\s+the\s+(?:later|earlier)\s+of\s+"
    r"(?:\(\w\)\s+)?)?|"
    r"(?:for|with)\s+(?:a|an|the)\s+(?:initial\s+)?term\s+of\s+|be\s+for\s+a\s+term\s+of\s+)"
    r"(?:for\s+)?(?:(?:a|an|the)\s+(?:initial\s+)?(?:period|term)\s+of\s+)?"
    r"(?:(?:a|an)\s+)?(?:additional\s+)?$",
    re.IGNORECASE,
)
_NOT_TERM = re.compile(
    r"renew|solicit|standstill|non-?compet|surviv|after\s+(?:the\s+)?(?:termination|expiration)"
    r"|following\s+(?:the\s+)?(?:termination|expiration)|thereafter\s*$|warrant|"
    r"\bpay(?:ment|able)?\b|within|notice|exclusiv|audit|records",
    re.IGNORECASE,
)
_TERM_SUBJECT = re.compile(
    r"\bterm\b|\b(?:obligations?|duty|duties)\b|\bthis\s+(?:agreement|contract)\b|\bagreement\s+(?:shall|will)\b|"
    r"\b(?:shall|will)\s+(?:remain|continue)\s+in\s+(?:full\s+)?(?:force|effect)",
    re.IGNORECASE,
)
_ANCHOR_AFTER = re.compile(
    r"^\s*(?:\([^)]{0,40}\)\s*)?(?:,\s*)?(?P<rel>from\s+and\s+(?:after|including)|from|after|following|of|commencing\s+(?:on|from|"
    r"with)|beginning\s+(?:on|from|with)|starting\s+(?:on|from)|as\s+of|thereafter)\b\s*"
    rf"(?P<start>{_START_ANCHOR})?",
    re.IGNORECASE,
)
_ANCHOR_BEFORE = re.compile(
    r"(?:commenc\w*|begin\w*|start\w*|effective)\s+(?:on\s+|as\s+of\s+|from\s+|upon\s+)?"
    rf"(?P<start>{_START_ANCHOR})?",
    re.IGNORECASE,
)


def _sentence_start(text: str, pos: int, reach: int = 300) -> int:
    """Start of the sentence (or clause after a ";") containing ``pos``, at most ``reach``
    characters back."""
    lo = max(0, pos - reach)
    cut = lo
    for m in re.finditer(r"(?:[.;:]\s+(?=[A-Z(\d])|\s\d{1,2}(?:\.\d{1,2})+\s)", text[lo:pos]):
        cut = lo + m.end()
    return cut


class TermClause:
    """The agreement's initial term as stated in the text: its length and what it runs from
    (``anchor``: ``"start"`` = the effective date / date hereof, ``"date"`` = an explicit date
    in ``start``, ``"other"`` = another event, e.g. first commercial sale)."""

    def __init__(self, value: dict[str, Any], span: Span, anchor: str,
                 start: dt.date | None, start_span: Span | None) -> None:
        self.value = value
        self.span = span
        self.anchor = anchor
        self.start = start
        self.start_span = start_span


def find_term_clause(norm: NormText) -> TermClause | None:
    """The first duration (months / years) introduced by an initial-term phrase ("the term
    of this Agreement shall be", "initial term of", "shall continue in full force and effect
    for", "for a term of", "shall expire N years from") in a sentence about the agreement's
    term and not about renewal, survival, non-solicitation or payment."""
    text = norm.text
    if norm.term_clause is not None:
        memo: TermClause | None = norm.term_clause[0]
        return memo
    found: TermClause | None = None
    for m in norm.duration_matches():
        if m.group("unit").lower() not in ("month", "year"):
            continue
        lead_lo = max(0, m.start() - 90)
        lead = _TERM_LEAD.search(text, lead_lo, m.start())
        if lead is None:
            continue
        sent = _sentence_start(text, m.start())
        before = text[sent: m.start()]
        if not _TERM_SUBJECT.search(before) or _NOT_TERM.search(before) or (
                not re.search(r"agreement|contract|obligation|dut(?:y|ies)|"
                              r"\bterm\b(?!\s+of\s*$)", before,
                              re.IGNORECASE)):
            continue
        # an "until / ending" prefix after the lead means a length of something else
        value = parse_duration(m)
        if value is None:
            continue
        if value["unit"] == "month" and value["value"] > 240:
            continue
        after = text[m.end(): m.end() + 140]
        if re.match(r"^\s*(?:\([^)]*\)\s*)?(?:prior|before|notice|after\s+(?:the\s+)?"
                    r"(?:termination|expiration|receipt|disclosure))", after, re.IGNORECASE):
            continue
        anchor, start, start_span = "start", None, None
        rel = _ANCHOR_AFTER.match(after)
        if rel:
            if rel.group("start") or rel.group("rel").lower() == "thereafter":
                anchor = "start"
            else:
                tail = m.end() + rel.end()
                dated = next(dates_in(text, tail, min(len(text), tail + 30)), None)
                if dated and dated[1][0] - tail <= 5:
                    anchor, start, start_span = "date", dated[0], dated[1]
                elif rel.group("rel").lower() not in ("of",):
                    anchor = "other"
        else:
            pre = _ANCHOR_BEFORE.search(before[-160:])
            if pre and not pre.group("start"):
                pos = sent + len(before) - len(before[-160:]) + pre.end()
                dated = next(dates_in(text, pos, min(len(text), pos + 30)), None)
                if dated and dated[1][0] - pos <= 5:
                    anchor, start, start_span = "date", dated[0], dated[1]
        found = TermClause(value, m.span(), anchor, start, start_span)
        break
    norm.term_clause = (found,)
    return found


def find_term(norm: NormText) -> Found | None:
    """Length of the initial term (see :func:`find_term_clause`); else N years from
    "shall continue until / terminate on the N-th anniversary of the Effective Date"."""
    clause = find_term_clause(norm)
    if clause is not None:
        return clause.value, [clause.span]
    anniversary = _find_anniversary(norm.text)
    if anniversary is not None:
        years, _, span = anniversary
        return {"value": years, "unit": "year", "iso": f"P{years}Y"}, [span]
    return None


def _find_anniversary(text: str) -> tuple[int, bool, Span] | None:
    """(years, "the day before" it, span) of "terminate on / continue until the N-th
    anniversary of the Effective Date" in a sentence about the agreement's term."""
    for m in _ANNIVERSARY_RE.finditer(text):
        sent = _sentence_start(text, m.start(), 250)
        window = text[sent: m.start()].lower()
        if not re.search(r"\bterm\b|agreement", window) or re.search(r"renew|option", window):
            continue
        years = _ORDINALS.get((m.group("word") or "").lower()) or int(m.group("num") or 0)
        if years:
            return years, bool(m.group("prior")), m.span()
    return None


def add_duration(start: dt.date, value: dict[str, Any]) -> dt.date:
    """``start`` + a duration; months and years keep the day of month (clamped to the
    month's last day), e.g. 2016-09-23 + 5 years = 2021-09-23 (CUAD's lawyers' convention
    for "five years from the Effective Date")."""
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


def find_expiration_date(
    norm: NormText, effective: tuple[str, Span] | None = None
) -> Found | None:
    """The end of the initial term: an explicit date after "expire(s) on / until / through /
    terminate on" in a sentence about the term of the agreement; else "terminate on the
    N-th anniversary of the Effective Date"; else the effective date plus the initial term
    (:func:`find_term_clause`) when the term runs from the effective date or a stated date.
    ``effective`` is the effective date (ISO) and its span, when known."""
    text = norm.text
    for m in _EXPIRY_CUES.finditer(text):
        sent = _sentence_start(text, m.start(), 250)
        window = text[sent: m.start()].lower()
        if not re.search(r"\bterm\b|agreement|contract", window):
            continue
        if re.search(r"renew|extend|extension|option|warrant|offer|price|payable|lease",
                     window):
            continue
        for value, span in dates_in(text, m.end(), min(len(text), m.end() + 40)):
            if span[0] - m.end() <= 12:
                return value.isoformat(), [span]
            break
    for m in norm.date_matches():
        joint = _PERIOD_JOIN.match(text, m.end())
        if joint is None:
            continue
        lead = text[_sentence_start(text, m.start(), 250): m.start()].lower()
        if re.search(r"\bterm\b|agreement|contract", lead) and not re.search(
                r"renew|extend|extension", lead):
            second = DATE_RE.match(text, joint.end())
            first_date = parse_date(m)
            end = parse_date(second) if second else None
            if end is not None and first_date is not None and end > first_date:
                return end.isoformat(), [second.span()] if second else []
    eff = dt.date.fromisoformat(effective[0]) if effective else None
    anniversary = _find_anniversary(text)
    if anniversary is not None:
        if eff is None or effective is None:
            return None
        # CUAD's lawyers date "through the day prior to the N-th anniversary" on the
        # anniversary itself, so the "day before" is not subtracted
        end = add_duration(eff, {"value": anniversary[0], "unit": "year"})
        return end.isoformat(), [effective[1], anniversary[2]]
    clause = find_term_clause(norm)
    if clause is None:
        return None
    if clause.anchor == "date" and clause.start is not None and clause.start_span:
        return add_duration(clause.start, clause.value).isoformat(), [clause.start_span,
                                                                      clause.span]
    if clause.anchor == "start" and eff is not None and effective is not None:
        return add_duration(eff, clause.value).isoformat(), [effective[1], clause.span]
    return None


_RENEWAL_CUES = re.compile(
    r"(?:automatically\s+)?(?:renew(?:ed|s|al)?|extend(?:ed|s)?)\s+(?:automatically\s+)?"
    r"(?:thereafter\s+)?(?:for\s+|by\s+)(?:an?\s+|any\s+number\s+of\s+|up\s+to\s+"
    r"(?:one|two|three|four|five|\d+)\s*(?:\(\d+\)\s*)?)?"
    r"(?:(?:one|two|three|\d+)\s*(?:\(\d+\)\s*)?)?"
    r"(?:additional|successive|consecutive|subsequent|further|renewal)",
    re.IGNORECASE,
)


def find_renewal_term(norm: NormText) -> Found | None:
    """Length of each renewal period ("renew for successive one (1) year periods")."""
    text = norm.text
    for m in _RENEWAL_CUES.finditer(text):
        hit = first_duration(text, m.end(), min(len(text), m.end() + 60))
        if hit and hit[1][0] - m.end() <= 30:
            return hit[0], [hit[1]]
    return None


_NOTICE_RE = re.compile(
    r"(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than|minimum\s+of|upon)?"
    r"\s*$", re.IGNORECASE,
)


def find_notice_period(norm: NormText, renewal_hint: Span | None) -> Found | None:
    """The notice needed to prevent renewal / terminate: a duration followed within a few
    words by "notice" or "prior", in a sentence about renewal or expiry (nearest the
    renewal clause when there is one)."""
    text = norm.text
    candidates: list[tuple[int, dict[str, Any], Span]] = []
    for m in norm.duration_matches():
        if m.group("unit").lower() not in ("day", "month"):
            continue
        after = text[m.end(): m.end() + 60].lower()
        if not re.match(r"^\s*(?:'s\s+|of\s+)?(?:advance\s+|prior\s+)?(?:written\s+)?"
                        r"(?:notice|prior|before|in\s+advance)", after):
            continue
        sentence = text[max(0, m.start() - 300): m.end() + 250].lower()
        if not re.search(r"renew|extend|extension", sentence) or not re.search(
                r"not\s+to\s+(?:renew|extend)|non-?renewal|(?:end|expiration|expiry)\s+of\s+"
                r"(?:the\s+|such\s+|any\s+)?(?:then[- ]current|initial|current|renewal|"
                r"applicable|extended)?\s*(?:term|period)|terminat|intent|elect|"
                r"prior\s+to\s+(?:the\s+)?(?:end|expiration)", sentence):
            continue
        value = parse_duration(m)
        if value is None:
            continue
        distance = abs(m.start() - renewal_hint[0]) if renewal_hint else m.start()
        candidates.append((distance, value, m.span()))
    if not candidates:
        return None
    _, value, span = min(candidates, key=lambda c: c[0])
    return value, [span]


_LAW_RE = re.compile(
    r"(?i:governed\s+(?:[\w,]+\s+){0,4}?by|construed|interpreted|enforced|controlled\s+by|"
    r"governing\s+law)"
    r"[^.;]{0,200}?\b(?i:laws?\s+(?:of\s+|(?=(?:the\s+)?(?:State|Commonwealth)\s+of\s)))"
    r"(?:(?i:the)\s+)?(?:(?i:State|Commonwealth|Province|Republic|Kingdom)\s+(?i:of)\s+)?"
    r"(?P<place>(?:[A-Z][\w'-]*|of|the|and)(?:\s+(?:[A-Z][\w'-]*|of|the))*)",
)
#: "the laws of X shall govern" (the jurisdiction before the verb)
_LAW_GOVERNS_RE = re.compile(
    r"\b(?i:laws?)\s+(?i:of)\s+(?:(?i:the)\s+)?"
    r"(?:(?i:State|Commonwealth|Province|Republic|Kingdom)\s+(?i:of)\s+)?"
    r"(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})[^.;]{0,60}?\b(?i:shall|will)\s+"
    r"(?i:govern)"
)
_PLACE_STOP = re.compile(
    r"\s+(?i:and|of|the|without|applicable|as|in|which|that|United|excluding|except|"
    r"including|notwithstanding|regardless|irrespective|to|each|any|all|with)$")
#: fallback: the courts a jurisdiction clause submits to
_COURTS_RE = re.compile(
    r"(?i:jurisdiction|venue)[^.;]{0,120}?\b(?i:courts?)\s+(?i:of|in|located\s+in|sitting\s+in)\s+"
    r"(?:(?i:the)\s+)?(?:(?i:State|Commonwealth|Province)\s+(?i:of)\s+)?"
    r"(?P<place>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)"
)
_NOT_PLACES = frozenset(["the", "such", "any", "this", "competent", "general", "applicable",
                         "said", "either", "each", "united", "federal", "county", "city"])


def find_governing_law(norm: NormText) -> Found | None:
    """The jurisdiction after "governed by ... the laws of (the State of) X"."""
    text = norm.text
    for m in _LAW_RE.finditer(text):
        place = m.group("place")
        while True:
            trimmed = _PLACE_STOP.sub("", place)
            if trimmed == place:
                break
            place = trimmed
        place = place.strip(" .,")
        if place.lower() in ("", "the", "such", "any", "this") or len(place.split()) > 5:
            continue
        start = m.start("place")
        return _place_case(place), [(start, start + len(place))]
    for m in _LAW_GOVERNS_RE.finditer(text):
        place = m.group("place")
        start = m.start("place")
        return _place_case(place), [(start, start + len(place))]
    for m in _COURTS_RE.finditer(text):
        place = m.group("place")
        if place.split()[0].lower() in _NOT_PLACES:
            continue
        place = re.sub(r"\s+(?:County|City|Courts?)$", "", place)
        start = m.start("place")
        return place, [(start, start + len(place))]
    return None


def _place_case(place: str) -> str:
    """"NEW YORK" -> "New York"; mixed-case names are kept."""
    if not place.isupper():
        return place
    return " ".join(w if w.lower() in ("of", "and", "the") else w.capitalize()
                    for w in place.lower().split())


_VALUE_CUES = re.compile(
    r"(?:total\s+(?:contract\s+)?(?:value|price|consideration|amount|fees?|purchase\s+price)"
    r"|aggregate\s+(?:amount|price|consideration|fees?)|contract\s+(?:price|value|sum)|"
    r"annual\s+(?:fee|license\s+fee|subscription\s+fee)|purchase\s+price|license\s+fee|"
    r"sponsorship\s+fee|consideration\s+of)",
    re.IGNORECASE,
)


def find_contract_value(norm: NormText) -> Found | None:
    """An amount within a few words after a "total value / aggregate / purchase price /
    annual fee" cue."""
    text = norm.text
    for m in _VALUE_CUES.finditer(text):
        for money in MONEY_RE.finditer(text, m.end(), min(len(text), m.end() + 80)):
            value = parse_money(money)
            if value is not None and value["amount"] > 0:
                return value, [money.span()]
            break
    return None


def find_currency(norm: NormText) -> Found | None:
    """The most frequent currency among the document's amounts."""
    counts: Counter[str] = Counter()
    first: dict[str, Span] = {}
    for money in MONEY_RE.finditer(norm.text):
        value = parse_money(money)
        if value is None:
            continue
        counts[value["currency"]] += 1
        first.setdefault(value["currency"], money.span())
    if not counts:
        return None
    code = counts.most_common(1)[0][0]
    return code, [first[code]]


# ---------------------------------------------------------------------------------------
# Parties

_PARTY_INTRO = re.compile(
    r"\b(?:by\s+and\s+(?:between|among)|between|among|PARTIES\s*:)\s*:?\s*",
    re.IGNORECASE,
)
_PARTY_END = re.compile(
    r"\b(?:WHEREAS|RECITALS|WITNESSETH|NOW,?\s+THEREFORE|BACKGROUND|IN\s+CONSIDERATION)\b"
    r"|(?<![\s.(][A-Z])(?<!\b(?:No|St|Mr|Ms|Dr|Jr|Sr))(?<!\bMrs)"
    r"\.\s+(?=[A-Z][a-z]+\s)(?<!Inc\.\s)(?<!Ltd\.\s)(?<!Co\.\s)(?<!Corp\.\s)",
)
_ENTITY_SUFFIX = (
    r"(?:Inc|Incorporated|LLC|L\.L\.C|Ltd|Limited|Corp|Corporation|Co|Company|LP|L\.P|LLP|"
    r"PLC|plc|GmbH|AG|S\.A|SA|N\.V|B\.V|Pte|PTE|S\.p\.A|S\.A\.S|AB|ASA|Oy|KK|Pty|SE|Sarl|"
    r"S\.?à\.?\s?r\.?l)\.?"
)
_NAME_CUT = re.compile(
    r"\s*(?:\(|,\s*(?:an?|the)\s|,\s*(?:having|with|whose|located|organized|incorporated|"
    r"residing|each|existing)\b|\s+(?:existing|organized)\s+under\b|,\s*(?:a\s)?(?:[A-Z][a-z]+\s)?(?:corporation|company|limited)\b"
    r"|\s+(?:a|an)\s+[A-Z][a-z]+\s+(?:corporation|company|limited|partnership)|"
    r"\s+with\s+(?:its|offices|a\s)|\s+having\s|\s+\(?hereinafter|,\s*$)"
)


def _split_top_level(segment: str) -> list[tuple[int, int]]:
    """Split ``segment`` on " and " / ";" outside parentheses and quotes; return spans."""
    parts: list[tuple[int, int]] = []
    depth = 0
    quote = False
    start = 0
    i = 0
    lower = segment.lower()
    while i < len(segment):
        ch = segment[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"' and depth == 0:
            quote = not quote
        elif depth == 0 and not quote:
            if ch == ";":
                parts.append((start, i))
                start = i + 1
            elif (lower.startswith(" and ", i) or lower.startswith(" and: ", i)) and (
                # "and" after a closing ")" or a defined-term or after an entity suffix
                re.search(r'[)"]\s*,?\s*$', segment[start:i])
                or re.search(_ENTITY_SUFFIX + r"\s*,?\s*$", segment[start:i])
                or re.search(r",\s*$", segment[start:i])
                or i - start > 25
            ):
                parts.append((start, i))
                step = 6 if lower.startswith(" and: ", i) else 5
                start = i + step
                i += step
                continue
        i += 1
    parts.append((start, len(segment)))
    return parts


_NOT_NAMES = frozenset(["the", "this", "each", "such", "any", "all", "its", "their", "said",
                        "who", "which", "that", "whereby", "whose", "in", "on", "for"])


def _clean_party(raw: str) -> tuple[int, int] | None:
    """Span of the party name inside ``raw`` (leading "and", "(1)", trailing clauses cut)."""
    lead = re.match(r"^[\s,:;]*(?:and\s+|\(\w\)\s*|\d\.\s*|\(\d\)\s*|the\s+undersigned\s*,?\s*)*",
                    raw, re.IGNORECASE)
    begin = lead.end() if lead else 0
    # a lower-case descriptor before the name: "professional golfer, TOM WATSON"
    descriptor = re.match(r"^[a-z][a-z ]{2,40},\s+(?=[A-Z])", raw[begin:])
    if descriptor:
        begin += descriptor.end()
    body = raw[begin:]
    # keep a trailing entity suffix after a comma ("Acme, Inc.")
    cut = len(body)
    for m in _NAME_CUT.finditer(body):
        if re.match(r",\s*" + _ENTITY_SUFFIX + r"\b", body[m.start():]):
            continue
        cut = m.start()
        break
    name = body[:cut].rstrip(" ,;:")
    if len(name) < 2 or len(name) > 120 or not re.search(r"[A-Za-z]", name):
        return None
    if name.lower().startswith(("the parties", "each party", "party", "you", "us ")):
        return None
    if not re.match(r"[A-Z0-9\"']", name) or name.split()[0].lower() in _NOT_NAMES:
        return None
    has_suffix = re.search(r"\b" + _ENTITY_SUFFIX + r"(?:\s|$)", name) is not None
    if len(name.split()) > 14 or (re.search(r"\b\d+\b", name) and not has_suffix
                                  and len(name.split()) > 3):
        return None  # a sentence or a table-of-contents line, not a name
    return begin, begin + len(name)


def find_parties(norm: NormText) -> tuple[list[str], list[Span]] | None:
    """Party names from the preamble: the segment after "between" / "among" / "PARTIES:"
    up to WHEREAS / RECITALS / the end of the sentence, split on top-level "and" / ";",
    each cut before its description (", a Delaware corporation", "(the "Company")")."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    for intro in _PARTY_INTRO.finditer(text, 0, limit):
        seg_start = intro.end()
        end_match = _PARTY_END.search(text, seg_start, min(len(text), seg_start + 1500))
        seg_end = end_match.start() if end_match else min(len(text), seg_start + 600)
        segment = text[seg_start:seg_end]
        names: list[str] = []
        spans: list[Span] = []
        for a, b in _split_top_level(segment):
            cleaned = _clean_party(segment[a:b])
            if cleaned is None:
                continue
            s, e = seg_start + a + cleaned[0], seg_start + a + cleaned[1]
            name = text[s:e].strip('"\' ')
            if name and name.lower() not in {n.lower() for n in names}:
                names.append(name)
                spans.append((s, e))
        if len(names) >= 2:
            return names[:6], spans[:6]
    return None


_DEFINED_TERM = re.compile(
    r"\(\s*(?:each\s+a\s+|individually\s+)?(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?|"
    r"herein\s+(?:referred\s+to\s+as\s+|called\s+)?|referred\s+to\s+(?:herein\s+)?as\s+)?"
    r"(?:the\s+)?\"(?P<term>[^\"]{1,40})\"",
    re.IGNORECASE,
)
_NOT_PARTY_TERMS = re.compile(
    r"agreement|contract|date|part(?:y|ies)|term\b|schedule|exhibit|effective|amendment|"
    r"confidential|information|territory|product|service|section|plan|purpose|transaction|"
    r"act\b|premises|property|business|shares?\b|stock|notes?\b|closing|program",
    re.IGNORECASE,
)
_LEFT_BOUNDARY = re.compile(
    r"(?:\b(?:between|among|by|and|with|to|from|PARTIES|BETWEEN|AND)\b\s*:?|[;:)]|(?<![\s.][A-Z])\.\s(?=[A-Z\d\"]))"
    r"\s*(?:the\s+undersigned\s*,?\s*)?",
)


_CAPITAL_RUN = re.compile(
    r"(?<![\w&.'-])(?:[A-Z][\w&.'-]*,?\s+(?:(?:of|and|&|the|de|du|von)\s+)?){0,6}"
    r"[A-Z][\w&.'-]*\.?,?\s*$"
)


_CONNECTORS = frozenset(["of", "and", "&", "the", "de", "du", "von", "van", "der", "y", "et"])
_INSTITUTION_WORDS = re.compile(
    r"\b(?:Board|Committee|Exchange|Commission|Office|Department|Manual|Control|Form|Directors|"
    r"Agreement|Web|Securities\s+Act)\b"
)


def _looks_like_name(name: str) -> bool:
    """A party name from a defined-term parenthesis: capitalised words (connectors
    allowed), two or more of them unless there is an entity suffix, no institution or
    document words."""
    words = name.split()
    has_suffix = re.search(r"\b" + _ENTITY_SUFFIX + r"(?:\s|$)", name) is not None
    if not words or len(words) > 8 or (len(words) < 2 and not has_suffix):
        return False
    if any(not (w[0].isupper() or w[0].isdigit() or w.lower() in _CONNECTORS) for w in words):
        return False
    if re.fullmatch(_ENTITY_SUFFIX, words[0].rstrip(",")):
        return False
    return _INSTITUTION_WORDS.search(name) is None


def find_parties_defined(norm: NormText) -> tuple[list[str], list[Span]] | None:
    """Fallback for preambles without "between": names introduced by a defined-term
    parenthesis in the first part of the document — ``X, a Delaware corporation
    ("Company"), and Y ("Consultant") agree``, ``PARTIES: X ("Employee") Y ("NIKE")``."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    names: list[str] = []
    spans: list[Span] = []
    for m in _DEFINED_TERM.finditer(text, 0, limit):
        if _NOT_PARTY_TERMS.search(m.group("term")):
            continue
        lo = max(0, m.start() - 250)
        left = text[lo: m.start()]
        bounds = list(_LEFT_BOUNDARY.finditer(left))
        cleaned = None
        begin = m.start()
        for bound in reversed(bounds[-3:]):
            # "X, Inc., and its affiliates ("X")": walk back past the "and its ..." tail
            begin = lo + bound.end()
            chunk = re.split(r",?\s+(?:and|together\s+with)\s+(?:its|their)\s",
                             text[begin: m.start()])[0]
            cleaned = _clean_party(chunk)
            if cleaned is not None:
                break
        if cleaned is None:
            # no boundary word: the run of capitalised words right before the parenthesis
            run = _CAPITAL_RUN.search(left)
            if run is None:
                continue
            begin = lo + run.start()
            # a heading in capitals right before a mixed-case name is not part of it
            heading = re.match(r"(?:[A-Z]{2,}[,:]?\s+)+(?=[A-Z][a-z])", text[begin: m.start()])
            if heading:
                begin += heading.end()
            cleaned = _clean_party(text[begin: m.start()])
            if cleaned is None:
                continue
        s, e = begin + cleaned[0], begin + cleaned[1]
        name = text[s:e].strip("\"' ")
        if not _looks_like_name(name):
            continue
        if name and name.lower() not in {n.lower() for n in names}:
            names.append(name)
            spans.append((s, e))
        if len(names) >= 6:
            break
    return (names, spans) if len(names) >= 2 else None


_SUFFIX_WORDS = frozenset([
    "inc", "incorporated", "llc", "l", "c", "ltd", "limited", "corp", "corporation", "co",
    "company", "lp", "llp", "plc", "gmbh", "ag", "sa", "nv", "bv", "pte", "the", "and", "of",
])


def _name_tokens(name: str) -> set[str]:
    return {t for t in re.findall(r"[a-z0-9]+", name.lower()) if t not in _SUFFIX_WORDS}


def pick_counterparty(parties: list[str], identities: Any) -> str | None:
    """The first party that does not match the organization's identities (LEGAL_NAME by
    token overlap; DOMAIN / EMAIL_DOMAIN by their second-level label). ``None`` without
    identities or when no party matches one (we cannot tell who "we" are)."""
    if not isinstance(identities, list) or not parties:
        return None
    ours: list[set[str]] = []
    for ident in identities:
        if not isinstance(ident, dict) or not isinstance(ident.get("value"), str):
            continue
        kind = str(ident.get("kind", "")).upper()
        value = ident["value"]
        if kind in ("DOMAIN", "EMAIL_DOMAIN"):
            host = value.lower().split("@")[-1].split("/")[0]
            labels = [p for p in host.split(".") if p and p != "www"]
            if len(labels) >= 2:
                ours.append({labels[-2]})
        elif kind == "LEGAL_NAME":
            tokens = _name_tokens(value)
            if tokens:
                ours.append(tokens)

    def is_ours(party: str) -> bool:
        tokens = _name_tokens(party)
        return any(
            tokens and len(tokens & mine) / len(mine) >= 0.6 for mine in ours
        )

    flags = [is_ours(p) for p in parties]
    if not any(flags):
        return None
    for party, mine in zip(parties, flags, strict=True):
        if not mine:
            return party
    return None


# ---------------------------------------------------------------------------------------
# Invoice fields (German / French / English e-invoice phrasing)

INVOICE_FIELDS = ("invoice_number", "invoice_date", "total_amount", "currency", "seller", "buyer")
#: Fields that switch the extractor to the invoice rules (``currency`` is shared).
_INVOICE_ONLY = frozenset(INVOICE_FIELDS) - {"currency"}

_INV_MONTHS = {
    **_MONTHS,
    "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "maerz": 3, "mai": 5, "juni": 6,
    "juli": 7, "oktober": 10, "dezember": 12, "janvier": 1, "février": 2, "fevrier": 2,
    "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "août": 8, "aout": 8, "septembre": 9,
    "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
}
_INV_MONTH_RE = "|".join(sorted((re.escape(m) for m in _INV_MONTHS), key=len, reverse=True))
INV_DATE_RE = re.compile(
    r"(?P<iso>\b(?P<iy>\d{4})-(?P<im>\d{1,2})-(?P<id>\d{1,2})\b)"
    r"|(?P<num>\b(?P<n1>\d{1,2})(?P<sep>[./-])(?P<n2>\d{1,2})(?P=sep)(?P<n3>\d{4}|\d{2})\b)"
    rf"|(?P<dmy>\b(?P<d1>\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s*(?P<m1>{_INV_MONTH_RE})\.?\s*"
    r"(?P<y1>\d{4}))"
    rf"|(?P<mdy>\b(?P<m2>{_MONTH_RE})\.?\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s*"
    r"(?P<y2>\d{4}))",
    re.IGNORECASE,
)


def parse_invoice_date(match: re.Match[str], month_first: bool = False) -> dt.date | None:
    """The date of an :data:`INV_DATE_RE` match. Numeric dates are read day first (German /
    French convention; ``05.03.2018`` is 5 March), slash dates month first when
    ``month_first`` (an English cue) — either way unless a number exceeds 12."""
    try:
        if match.group("iso"):
            return dt.date(int(match.group("iy")), int(match.group("im")), int(match.group("id")))
        if match.group("num"):
            a, b, year = int(match.group("n1")), int(match.group("n2")), match.group("n3")
            y = int(year) + ((1900 if int(year) >= 50 else 2000) if len(year) == 2 else 0)
            day, month = (a, b)
            if (month_first and match.group("sep") == "/" and a <= 12) or b > 12:
                day, month = b, a
            return dt.date(y, month, day)
        if match.group("dmy"):
            month = _INV_MONTHS[match.group("m1").lower()]
            return dt.date(int(match.group("y1")), month, int(match.group("d1")))
        if match.group("mdy"):
            month = _INV_MONTHS[match.group("m2").lower().rstrip(".")]
            return dt.date(int(match.group("y2")), month, int(match.group("d2")))
    except (ValueError, KeyError):
        return None
    return None


_INV_NUMBER_TOKEN = r"(?P<no>(?=[\w./-]*\d)[A-Za-z0-9][\w./-]*[A-Za-z0-9]|\d)"
_INV_NUMBER_RE = re.compile(
    r"(?:\b(?:Rechnungs|Gutschrifts|Beleg)[- ]?(?:nummer|nr\b\.?)"
    r"|\b\w*(?:rechnung|gutschrift|rechnungskorrektur)(?:\s+(?:des|der)\s+\w+)?"
    r"(?:\s*\([^)]{0,60}\))*\s+(?:Nr\b\.?|Nummer\b)"
    r"|\b(?:Facture|Avoir)(?:\s*(?:n°|n[o°º]\.?|num[ée]ro))?"
    r"|\b(?:Invoice|Credit\s+note)(?:\s*(?:No\b\.?|Nr\b\.?|Number\b|#))?"
    r")\s*[:#]?\s*" + _INV_NUMBER_TOKEN,
    re.IGNORECASE,
)
_INV_DATE_CUE = re.compile(
    r"\b(?P<en>Invoice\s+date|Date\s+of\s+issue|Issue\s+date|Date\s+issued)"
    r"|\b(?:Rechnungsdatum|Belegdatum|Ausstellungsdatum|Datum\s+der\s+Rechnung"
    r"|Date\s+de\s+(?:la\s+)?facture|Date\s+d'émission|Date\s+d'[ée]mission|Facture\s+du)",
    re.IGNORECASE,
)
_INV_DATE_WEAK = re.compile(r"\b(?:Datum|Date)\b\s*:?\s*(?=\d)", re.IGNORECASE)

#: Total cues, best first: the gross total incl. tax, then the amount payable, then a bare
#: "Total" / "Summe". Cues followed by "ohne / HT / hors / net / der Zuschläge" are skipped.
_TOTAL_CUES = [
    re.compile(
        r"\b(?:Gesamtbetrag|Bruttosumme|Bruttobetrag|Brutto-Gesamtbetrag|Rechnungsbetrag"
        r"|Rechnungssumme|Rechnungsendbetrag|Endbetrag|Gesamtsumme|Total\s+TTC"
        r"|Montant\s+(?:total\s+)?TTC|Grand\s+total|Invoice\s+total|Total\s+amount"
        r"|Total\s+\(?incl(?:uding|\.)?\s+(?:VAT|tax)\)?)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:Zahlbetrag|Zu\s+zahlender\s+Betrag|Zu\s+zahlen|Net\s+à\s+payer|Solde\s+à\s+payer"
        r"|Montant\s+à\s+payer|Amount\s+due|Balance\s+due|Total\s+due|Amount\s+payable)\b",
        re.IGNORECASE,
    ),
    re.compile(r"(?<!Sub)(?<!Sub-)(?<!Tax )(?<!Net )(?<!Line )\b(?:Total|Summe|Gesamt)\b",
               re.IGNORECASE),
]
_NOT_GROSS = re.compile(
    r"\s*(?:der\s+(?:Zu|Ab)schläge|der\s+Positionen|ohne|netto|HT\b|hors|net\b|excl|"
    r"before|taxes?\b|USt|MwSt|VAT\b|des\s+remises|Steuer)",
    re.IGNORECASE,
)
_CUR_CODES = r"EUR|USD|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK|PLN|CZK"
_INV_AMOUNT = (
    r"(?P<neg>[-\u2212])?\s?(?P<amt>\d{1,3}(?:(?:[.,' ]|\u202f)\d{3})+(?:[.,]\d{1,2})?"
    r"|\d+(?:[.,]\d{1,2})?)(?!\d)"
)
_AFTER_TOTAL = re.compile(
    r"\s*(?:\([^)]{0,30}\))?\s*[:=]?\s*(?:in\s+)?(?P<pre>" + _CUR_CODES + r"|€|\$|£)?\s*"
    + _INV_AMOUNT + r"\s*(?P<post>" + _CUR_CODES + r"|€|\$|£)?",
)
_CURRENCY_CUE = re.compile(
    r"\b(?:Währung|Devise|Monnaie|Currency)\s*:?\s*(?P<code>" + _CUR_CODES + r")\b",
    re.IGNORECASE,
)
_CUR_ANY = re.compile(r"(?<![A-Za-z])(?:" + _CUR_CODES + r")(?![A-Za-z])|€|\$|£")


def parse_invoice_amount(raw: str) -> float | None:
    """``1.234,56`` / ``1,234.56`` / ``1 234,56`` / ``529,87`` → float: the last ``.`` or
    ``,`` followed by one or two digits is the decimal separator, others group thousands."""
    raw = raw.replace("\u202f", " ").replace("'", " ")
    m = re.search(r"[.,](\d{1,2})$", raw)
    whole, frac = (raw[: m.start()], m.group(1)) if m else (raw, "")
    digits = re.sub(r"[.,\s]", "", whole)
    if not digits.isdigit():
        return None
    return float(f"{digits}.{frac}" if frac else digits)


def _currency_code(symbol: str | None) -> str | None:
    if not symbol:
        return None
    return _CURRENCY_SYMBOLS.get(symbol, symbol.upper())


def find_invoice_number(norm: NormText) -> Found | None:
    for m in _INV_NUMBER_RE.finditer(norm.text):
        token = m.group("no")
        if INV_DATE_RE.fullmatch(token) or len(token) > 40:
            continue
        return token, [m.span("no")]
    return None


def find_invoice_date(norm: NormText, number: Found | None) -> Found | None:
    text = norm.text
    for m in _INV_DATE_CUE.finditer(text):
        d = INV_DATE_RE.search(text, m.end(), m.end() + 40)
        if d is None or not re.fullmatch(r"[\s:.\-]*", text[m.end(): d.start()]):
            continue
        value = parse_invoice_date(d, month_first=bool(m.group("en")))
        if value is not None:
            return value.isoformat(), [d.span()]
    if number is not None:  # "Rechnung Nr. 471102 vom 05.03.2018", "Facture n° X du ..."
        end = number[1][0][1]
        m2 = re.compile(r"\s*,?\s*(?:vom|du|dated|of|from)\s+").match(text, end)
        if m2:
            d = INV_DATE_RE.match(text, m2.end())
            value = parse_invoice_date(d) if d else None
            if d is not None and value is not None:
                return value.isoformat(), [d.span()]
    for m in _INV_DATE_WEAK.finditer(text):
        d = INV_DATE_RE.match(text, m.end())
        value = parse_invoice_date(d) if d else None
        if d is not None and value is not None:
            return value.isoformat(), [d.span()]
    return None


def find_document_currency(norm: NormText) -> Found | None:
    """The most frequent currency code / symbol of the text."""
    counts: Counter[str] = Counter()
    first: dict[str, Span] = {}
    for c in _CUR_ANY.finditer(norm.text):
        code = _currency_code(c.group()) or ""
        counts[code] += 1
        first.setdefault(code, c.span())
    if not counts:
        return None
    code = counts.most_common(1)[0][0]
    return code, [first[code]]


def find_total_amount(norm: NormText, doc_currency: Found | None) -> Found | None:
    text = norm.text
    for cues in _TOTAL_CUES:
        best: Found | None = None
        for m in cues.finditer(text):
            if _NOT_GROSS.match(text, m.end()):
                continue
            a = _AFTER_TOTAL.match(text, m.end())
            if a is None:
                continue
            amount = parse_invoice_amount(a.group("amt"))
            if amount is None:
                continue
            if a.group("neg"):
                amount = -amount
            currency = _currency_code(a.group("pre") or a.group("post")) or (
                doc_currency[0] if doc_currency else None)
            start = a.start("neg") if a.group("neg") else a.start("amt")
            end = a.end("post") if a.group("post") else a.end("amt")
            best = {"amount": amount, "currency": currency}, [(start, end)]  # the last wins
        if best is not None:
            return best
    return None


_SELLER_CUE = (
    r"Verkäufer|Lieferant|Rechnungssteller|Leistungserbringer|Vendeur|Fournisseur|Émetteur"
    r"|Seller|Supplier|Vendor"
)
_BUYER_CUE = (
    r"Käufer|Kunde|Rechnungsempfänger|Leistungsempfänger|Auftraggeber|Acheteur|Client"
    r"|Destinataire|Buyer|Customer|Bill\s+to|Billed\s+to|Sold\s+to|Facturé\s+à"
)
_LABEL_LINE = re.compile(r"^[\w.\-/ ]{1,40}:\s*$")
_NAME_LABEL = re.compile(r"\b(?:Name|Nom|Firma|Raison\s+sociale|Company)\s*:\s*", re.IGNORECASE)
_NEXT_LABEL = re.compile(r"\s(?=[A-ZÄÖÜ][\w.\-]{1,30}:)|\s*$|\s*\n\s*\n")


def _block_party(text: str, cue: str, other: str) -> tuple[str, int, int] | None:
    """Name in the block that starts with a line holding only ``cue`` (``Verkäufer``,
    ``Käufer/Leistungsempfänger``, ``Seller:``) or ``cue: Name``; the block ends at the
    next party cue or after 600 characters. Offsets into the original text."""
    line = r"(?:[ \t]*/[ \t]*[\w\-]+)?[ \t]*(?::[ \t]*(?P<rest>[^\n]*))?$"
    head = re.compile(rf"(?im)^[ \t]*(?:{cue}){line}")
    stop = re.compile(rf"(?im)^[ \t]*(?:{cue}|{other}){line}")
    for m in head.finditer(text):
        rest = (m.group("rest") or "").strip()
        if rest and not _LABEL_LINE.match(rest):
            start = m.start("rest") + (len(m.group("rest")) - len(m.group("rest").lstrip()))
            name = re.split(r"\s*[,;|]\s*|\s{3,}", rest)[0]
            return name, start, start + len(name)
        s = stop.search(text, m.end() + 1)
        block_end = min(s.start() if s else len(text), m.end() + 600)
        label = _NAME_LABEL.search(text, m.end(), block_end)
        if label is not None:
            value_end = _NEXT_LABEL.search(text, label.end(), block_end)
            end = value_end.start() if value_end else block_end
            name = text[label.end(): end].strip()
            if 2 <= len(name) <= 120:
                return name, label.end(), label.end() + len(name)
            continue
        for row in re.finditer(r"[^\n]+", text[m.end(): block_end]):
            candidate = row.group().strip()
            if not candidate:
                continue
            if _LABEL_LINE.match(candidate) or not re.search(r"[A-Za-zÄÖÜäöüÉé]{2}", candidate):
                break
            offset = m.end() + row.start() + (len(row.group()) - len(row.group().lstrip()))
            return candidate, offset, offset + len(candidate)
    return None


def find_invoice_fields(text: str, wanted: set[str]) -> tuple[
        dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Invoice rules for the ``wanted`` fields; (values, evidence)."""
    norm = NormText(text)
    data: dict[str, Any] = {}
    evidence: dict[str, list[dict[str, Any]]] = {}

    def put(field: str, found: Found | None) -> None:
        if found is not None and field in wanted:
            data[field] = found[0]
            evidence[field] = [norm.evidence(s, e) for s, e in found[1]]

    number = find_invoice_number(norm)
    put("invoice_number", number)
    if "invoice_date" in wanted:
        put("invoice_date", find_invoice_date(norm, number))
    stated = _CURRENCY_CUE.search(norm.text)
    doc_currency: Found | None = (
        (stated.group("code").upper(), [stated.span("code")]) if stated
        else find_document_currency(norm))
    total = find_total_amount(norm, doc_currency) if wanted & {
        "total_amount", "currency"} else None
    if total is not None and total[0]["currency"] is None:
        total = None  # an amount without any currency in the document is not reported
    put("total_amount", total)
    put("currency", doc_currency if stated or total is None else (
        total[0]["currency"], total[1]))
    for field, cue, other in (("seller", _SELLER_CUE, _BUYER_CUE),
                              ("buyer", _BUYER_CUE, _SELLER_CUE)):
        if field in wanted:
            party = _block_party(text, cue, other)
            if party is not None:
                name, start, end = party
                data[field] = " ".join(name.split())
                evidence[field] = [{"start": start, "end": end, "text": text[start:end]}]
    return data, evidence


# ---------------------------------------------------------------------------------------
# The plugin


def rule_extract(
    text: str, wanted: set[str], identities: Any = None
) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Run the rules for the ``wanted`` field names; return (values, evidence)."""
    norm = NormText(text)
    data: dict[str, Any] = {}
    evidence: dict[str, list[dict[str, Any]]] = {}

    def put(field: str, found: Found | None) -> None:
        if found is None:
            return
        value, spans = found
        data[field] = value
        evidence[field] = [norm.evidence(s, e) for s, e in spans]

    if wanted & {"parties", "counterparty"}:
        parties = find_parties(norm) or find_parties_defined(norm)
        if parties is not None:
            names, spans = parties
            if "parties" in wanted:
                put("parties", (names, spans))
            counterparty = pick_counterparty(names, identities)
            if counterparty is not None:
                put("counterparty", (counterparty, [spans[names.index(counterparty)]]))
    agreement = find_agreement_date(norm) if wanted & {
        "agreement_date", "effective_date", "expiration_date"} else None
    if "agreement_date" in wanted:
        put("agreement_date", agreement)
    effective = None
    if wanted & {"effective_date", "expiration_date"}:
        effective = find_effective_date(norm) or agreement
    if "effective_date" in wanted:
        put("effective_date", effective)
    if "expiration_date" in wanted:
        put("expiration_date", find_expiration_date(
            norm, (effective[0], effective[1][0]) if effective else None))
    if "term" in wanted:
        put("term", find_term(norm))
    renewal = find_renewal_term(norm) if wanted & {"renewal_term", "notice_period"} else None
    if "renewal_term" in wanted:
        put("renewal_term", renewal)
    if "notice_period" in wanted:
        put("notice_period", find_notice_period(norm, renewal[1][0] if renewal else None))
    if "governing_law" in wanted:
        put("governing_law", find_governing_law(norm))
    value = find_contract_value(norm) if wanted & {"contract_value", "currency"} else None
    if "contract_value" in wanted:
        put("contract_value", value)
    if "currency" in wanted:
        put("currency", (value[0]["currency"], value[1]) if value else find_currency(norm))
    return data, evidence


_JSON_TYPES: dict[str, dict[str, Any]] = {
    "string": {"type": ["string", "null"]},
    "number": {"type": ["number", "null"]},
    "integer": {"type": ["integer", "null"]},
    "boolean": {"type": ["boolean", "null"]},
    "date": {"type": ["string", "null"], "description": "ISO date YYYY-MM-DD"},
    "list[string]": {"type": ["array", "null"], "items": {"type": "string"}},
    "money": {
        "type": ["object", "null"],
        "properties": {"amount": {"type": "number"}, "currency": {"type": "string"}},
        "required": ["amount", "currency"],
    },
    "duration": {
        "type": ["object", "null"],
        "properties": {
            "value": {"type": "number"},
            "unit": {"enum": ["day", "week", "month", "year"]},
        },
        "required": ["value", "unit"],
    },
}


def _llm_value_ok(value: Any, dtype: str) -> bool:
    if value is None:
        return False
    if dtype == "date":
        return isinstance(value, str) and bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", value))
    if dtype == "duration":
        return isinstance(value, dict) and isinstance(value.get("value"), int | float) and (
            value.get("unit") in _ISO_UNIT
        )
    if dtype == "money":
        return isinstance(value, dict) and isinstance(value.get("amount"), int | float)
    if dtype == "list[string]":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, str | int | float | bool)


#: Confidence reported per field (``data["_confidence"]``): the precision of the field's rules
#: measured with ``bench/quality/direct_run.py`` on the tuning half of the corpus (CUAD +
#: Kleister NDA; invoice fields on the ZUGFeRD / Factur-X samples). Unmeasured fields get
#: :data:`UNMEASURED_CONFIDENCE`.
RULE_CONFIDENCE = {
    "parties": 0.92, "counterparty": 0.85, "agreement_date": 0.84, "effective_date": 0.69,
    "expiration_date": 0.82, "term": 0.87, "renewal_term": 0.96, "notice_period": 0.68,
    "governing_law": 0.97, "invoice_number": 1.0, "invoice_date": 0.97, "total_amount": 0.97,
    "seller": 1.0, "buyer": 1.0,
}
UNMEASURED_CONFIDENCE = 0.5
#: Confidence of a value the LLM gave (unmeasured: no LLM runs in the quality bench).
LLM_CONFIDENCE = 0.5


def resolve_field(field: OntologyField | dict[str, Any]) -> str | None:
    """The finder that answers a requested ontology field, by the SDK's field registry
    (:func:`service_sdk.match_field`: name, alias, description cues and dtype), or ``None``
    when no finder reads it (unsupported)."""
    if isinstance(field, dict):
        name, dtype, description = (str(field.get("name", "")), field.get("dtype"),
                                     str(field.get("description") or ""))
    else:
        name, dtype, description = field.name, field.dtype, field.description or ""
    spec = match_field(name, dtype, description)
    return spec.name if spec is not None else None


class ContractExtractor(ExtractionPlugin):
    """Rule-based extraction of contract fields with character-offset evidence; optional
    LLM for the fields the rules miss. Reads ``metadata["organization_identities"]``."""

    configurable_parameters = [  # noqa: RUF012 - read-only, the SDK's declared form
        ConfigurableParameter(
            parameter_name="use_llm",
            parameter_type="bool",
            default_value=False,
            description="Ask the organization's LLM for requested fields the rules did not "
            "find (listed in llm_fields)",
        ),
    ]

    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        """Extract the requested fields; see the module docstring for shapes."""
        finder_of = {f.name: resolve_field(f) for f in fields}
        wanted = {finder for finder in finder_of.values() if finder is not None}
        identities = (document.metadata or {}).get("organization_identities")
        invoice = bool(wanted & _INVOICE_ONLY)
        contract_wanted = wanted & set(CONTRACT_FIELDS) - ({"currency"} if invoice else set())
        found, found_evidence = rule_extract(document.text, contract_wanted | (
            {"counterparty"} if "parties" in wanted else set()), identities)
        if invoice:
            inv_data, inv_evidence = find_invoice_fields(
                document.text, wanted & set(INVOICE_FIELDS))
            found.update(inv_data)
            found_evidence.update(inv_evidence)
        # Values go out under the names the ontology asked for.
        data: dict[str, Any] = {}
        evidence: dict[str, list[dict[str, Any]]] = {}
        confidence: dict[str, float] = {}
        for name, finder in finder_of.items():
            if finder is not None and finder in found:
                data[name] = found[finder]
                evidence[name] = found_evidence.get(finder, [])
                confidence[name] = RULE_CONFIDENCE.get(finder, UNMEASURED_CONFIDENCE)
        if "counterparty" in found and "counterparty" not in data:
            data["counterparty"] = found["counterparty"]
            evidence["counterparty"] = found_evidence.get("counterparty", [])
            confidence["counterparty"] = RULE_CONFIDENCE["counterparty"]
        unsupported = [name for name, finder in finder_of.items() if finder is None]
        llm_fields: list[str] = []
        missing = [f for f in fields if f.name not in data and f.name != "counterparty"]
        use_llm = bool(configs.get("use_llm", False))
        if use_llm and missing and document.text.strip():
            found = await self._ask_llm(document, missing)
            for field in missing:
                value = found.get(field.name)
                if not _llm_value_ok(value, field.dtype):
                    continue
                if field.dtype == "duration" and isinstance(value, dict):
                    value = {**value, "iso": f"P{value['value']}{_ISO_UNIT[value['unit']]}"}
                data[field.name] = value
                confidence[field.name] = LLM_CONFIDENCE
                llm_fields.append(field.name)
                located = _locate(document.text, value)
                if located is not None:
                    evidence[field.name] = [located]
        logger.info("extracted %d of %d requested fields (%d from the LLM)",
                    len(set(data) & wanted), len(wanted), len(llm_fields))
        data["_evidence"] = evidence
        data["_confidence"] = confidence
        unsupported = [name for name in unsupported if name not in data]
        if unsupported:
            data["_unsupported"] = unsupported
        return ExtractionResult(
            data=data,
            llm_fields=llm_fields,
            document_type=document.labels[-1] if document.labels else None,
        )

    async def _ask_llm(
        self, document: Document, fields: list[OntologyField]
    ) -> dict[str, Any]:
        """Ask the LLM for ``fields``; ``{}`` when no provider is configured."""
        schema = {
            "type": "object",
            "properties": {
                f.name: _JSON_TYPES.get(f.dtype, {"type": ["string", "null"]}) for f in fields
            },
            "required": [f.name for f in fields],
        }
        prompt = (
            "Extract these fields from the contract below. Use null when a field is not "
            "stated. Dates as YYYY-MM-DD.\n" + format_fields_for_prompt(fields)
            + f"\n\nContract text:\n{document.text[:LLM_CHARS]}"
        )
        try:
            answer = await prompt_llm(prompt, schema=schema)
        except RuntimeError as exc:
            logger.info("LLM unavailable; missing fields stay empty: %s", exc)
            return {}
        return answer if isinstance(answer, dict) else {}


def _locate(text: str, value: Any) -> dict[str, Any] | None:
    """Evidence for an LLM value: its first case-insensitive occurrence in ``text``."""
    needle = value if isinstance(value, str) else None
    if isinstance(value, list) and value and isinstance(value[0], str):
        needle = value[0]
    if not needle or len(needle) < 3:
        return None
    index = text.lower().find(needle.lower())
    if index < 0:
        return None
    return {"start": index, "end": index + len(needle), "text": text[index:index + len(needle)]}
