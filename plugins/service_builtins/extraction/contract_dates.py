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
    # "COMMENCEMENT DATE FOR MAINTENANCE UNDER THIS ADDENDUM: MARCH 1, 2001"
    re.compile(r"(?:effective|commencement)\s+date\b[^.;:]{0,60}:\s*", re.IGNORECASE),
]
#: a definition: ""Effective Date" means 12:01 a.m. Eastern Standard Time on March 3, 2003"
_EFFECTIVE_DEFINED = re.compile(r"effective\s+date\W{0,3}\s*(?:shall\s+mean|means)\b",
                                re.IGNORECASE)
_EFFECTIVE_AFTER = re.compile(r"^\W{0,4}\s*\(?\s*(?:hereinafter\s+)?(?:the\s+)?\W?"
                              r"effective\s+date", re.IGNORECASE)


#: before a date: it belongs to another document ("that certain Agreement and Plan of Merger
#: dated as of", "the General Consulting Agreement between the parties dated", "on or about")
_OTHER_BEFORE = re.compile(
    r"(?:\bthat\s+certain\b|\bcertain\s+[A-Z]|\b(?:an|one|the|its|their|a|each|such)\s+"
    r"(?:[A-Z][\w-]*\s+(?:and\s+|&\s+|of\s+|to\s+)?){1,8}(?:Agreement|Plan|Contract|Letter|"
    r"Lease|Indenture|License|Note|Amendment)s?\b(?:\s+\([^)]{0,60}\))?(?:\s+(?:between|by|among|"
    r"with|of)\b[^.;]{0,120})?|\b(?:an?|prior|previous|existing|original|separate)\s+"
    r"(?:\w+\s+){0,3}agreement\b[^.;]{0,120}|\bon\s+or\s+about)"
    r"\s*,?\s*(?:dated|entered\s+into|made|executed|effective)?\s*(?:as\s+of|on|of)?\s*"
    r"(?:the\s+)?$"
)
#: after a date: it is another agreement's defined term ("(the "Merger Agreement")")
_OTHER_AFTER = re.compile(
    r"^\s*,?\s*(?:\([^)]{0,40}\)\s*)?\(\s*(?:as\s+[^)]{0,60})?(?:the\s+)?\"(?!Effective)"
    r"[^\"]{0,50}(?:Agreement|Plan|Contract|Letter|Lease|License|Indenture)\"",
)


def about_other_document(text: str, span: Span) -> bool:
    """Whether the date at ``span`` dates another document the contract refers to (a prior
    agreement, a merger plan) rather than the contract itself: "that certain ... dated",
    "the Consulting Agreement between the parties dated", "(the "Merger Agreement")"."""
    before = text[max(0, span[0] - 220): span[0]]
    sentence = re.split(r"(?<=[.;])\s+(?=[A-Z(])", before)[-1]
    if re.search(r"\b(?:this|the\s+present)\s+(?:[\w-]+\s+){0,3}(?:agreement|contract)\b"
                 r"[^.;]{0,40}$",
                 sentence, re.IGNORECASE):
        return False
    return bool(_OTHER_BEFORE.search(sentence) or _OTHER_AFTER.match(text[span[1]: span[1] + 120]))


def _date_right_after(
    norm: NormText, cue: re.Pattern[str], start: int, end: int, gap: int = 25
) -> Iterator[tuple[dt.date, list[Span]]]:
    """Dates within ``gap`` characters after a match of ``cue`` in ``text[start:end]``,
    except those of another document (:func:`about_other_document`)."""
    text = norm.text
    for m in norm.finditer(cue, start, end):
        for value, span in dates_in(text, m.end(), min(m.end() + gap + 30, len(text))):
            if span[0] - m.end() <= gap and not about_other_document(text, span):
                yield value, [span]
            break


#: where the signature block starts ("IN WITNESS WHEREOF, the parties have executed ...")
_WITNESS = re.compile(r"\bIN\s+WITNESS\s+WHEREOF|\bSIGNATURE\s+PAGE|\bAGREED\s+(?:AND|&)\s+"
                      r"ACCEPTED|\bACCEPTED\s+(?:AND|&)\s+AGREED", re.IGNORECASE)
#: a signing date in the signature block: "executed this Agreement as of the 22nd day of May
#: 2001", "Accepted and Agreed as of Feb. 8, 2011", "Dated: 3/15/2018", "Date 12/9/02"
_SIGNED_CUES = re.compile(
    r"(?:(?:executed|signed|signature\w*|entered\s+into|made|agreed|accepted|delivered)\b"
    r"[^.;]{0,80}"
    r"\b(?:as\s+of|on|this|dated)|\bdated?\b\s*:?|\bas\s+of)\s+(?:the\s+)?(?:date\s+)?",
    re.IGNORECASE,
)
#: the last characters of a document searched when it has no signature-block heading
SIGNATURE_CHARS = 2500


def find_agreement_date(norm: NormText) -> Found | None:
    """The date the agreement was made: a date right after a "dated/made/entered into ...
    as of" cue in the preamble, else the first date of the preamble, else the signing date
    of the signature block (:func:`find_signature_date`)."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    for value, spans in _date_right_after(norm, _AGREEMENT_CUES, 0, limit):
        return value.isoformat(), spans
    # "this 15th day of March, 2004" is handled by DATE_RE's dmy form
    for value, span in dates_in(text, 0, min(limit, 1500)):
        if not about_other_document(text, span):
            return value.isoformat(), [span]
    return find_signature_date(norm)


def find_signature_date(norm: NormText) -> Found | None:
    """The signing date stated in the signature block (from the last "IN WITNESS WHEREOF" /
    "Agreed and accepted" in the second half of the document, else its last
    :data:`SIGNATURE_CHARS` characters): the date after "executed ... as of / this / on" or
    "Dated:"; when the parties signed on different dates, the latest (the agreement binds
    once the last party signs)."""
    text = norm.text
    start = max(0, len(text) - SIGNATURE_CHARS)
    heads = [m.start() for m in _WITNESS.finditer(text, len(text) // 2)]
    if heads:
        start = min(start, heads[0])
    signed = [value for value, _ in _date_right_after(norm, _SIGNED_CUES, start, len(text),
                                                      gap=12)]
    spans = [spans for _, spans in _date_right_after(norm, _SIGNED_CUES, start, len(text),
                                                     gap=12)]
    if not signed:
        return None
    latest = max(range(len(signed)), key=lambda i: signed[i])
    return signed[latest].isoformat(), spans[latest]


def find_effective_date(norm: NormText) -> Found | None:
    """An explicit effective (commencement) date; ``None`` when none is stated."""
    text = norm.text
    for m in date_matches(norm):
        if _EFFECTIVE_AFTER.match(text, m.end()) and parse_date(m):
            value = parse_date(m)
            if value is not None and 1950 <= value.year <= 2100:
                return value.isoformat(), [m.span()]
    for cue in _EFFECTIVE_CUES:
        for value, spans in _date_right_after(norm, cue, 0, len(text), gap=10):
            return value.isoformat(), spans
    for m in _EFFECTIVE_DEFINED.finditer(text):
        for value, span in dates_in(text, m.end(), min(len(text), m.end() + 100)):
            return value.isoformat(), [span]
    return None

