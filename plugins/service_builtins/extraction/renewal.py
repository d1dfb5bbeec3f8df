"""Renewal: the length of each renewal period and the notice that stops one."""

from __future__ import annotations

import re
from typing import Any

from .durations import DURATION_RE, duration, duration_matches, first_duration, parse_duration
from .text import Found, NormText, Span, sentence_start

_RENEWAL_CUES = re.compile(
    r"(?:automatically\s+)?(?:renew(?:ed|s|al)?|extend(?:ed|s)?)\s+(?:automatically\s+)?"
    r"(?:thereafter\s+)?(?:for\s+|by\s+)(?:an?\s+|any\s+number\s+of\s+|up\s+to\s+"
    r"(?:one|two|three|four|five|\d+)\s*(?:\(\d+\)\s*)?)?"
    r"(?:(?:one|two|three|\d+)\s*(?:\(\d+\)\s*)?)?"
    r"(?:additional|successive|consecutive|subsequent|further|renewal)",
    re.IGNORECASE,
)


#: any mention of renewal; the renewal's length is then looked for in the same clause
_RENEWAL_WORD = re.compile(
    r"\b(?:renew(?:s|ed|al|als)?|automatically\s+extend(?:s|ed)?|(?:be|is)\s+extended|"
    r"extend(?:s|ed)?\s+(?:automatically|for))\b", re.IGNORECASE)
#: "on a yearly basis", "from year to year": renewal by one year
_YEARLY = re.compile(r"\b(?:on\s+an?\s+(?:yearly|annual)\s+basis|from\s+year\s+to\s+year|"
                     r"year[- ]to[- ]year|annually)\b", re.IGNORECASE)
#: a duration that is a notice or a deadline, not the renewal's length
_NOTICE_AFTER = re.compile(r"^\s*(?:'s?\s+|of\s+)?(?:advance\s+|prior\s+)?(?:written\s+)?"
                           r"(?:notice|prior|before|in\s+advance|after|following)", re.IGNORECASE)


def find_renewal_term(norm: NormText) -> Found | None:
    """Length of each renewal period: after a renewal cue ("renew for successive one (1)
    year periods", "any number of successive one (1) year terms"), else the first month or
    year duration in the clause of a renewal word that is not a notice ("renew for a
    subsequent term of two (2) years", "automatic renewals each for a period of five (5)
    years", "renewed for successive additional periods of one year"), else "renew on a
    yearly basis / from year to year" (one year)."""
    text = norm.text
    for m in norm.finditer(_RENEWAL_CUES):
        hit = first_duration(text, m.end(), min(len(text), m.end() + 60))
        if hit and hit[1][0] - m.end() <= 30:
            return hit[0], [hit[1]]
    for m in norm.finditer(_RENEWAL_WORD):
        clause_end = re.compile(r"[.;]\s|\bunless\b|\bprovided\b", re.IGNORECASE).search(
            text, m.end(), min(len(text), m.end() + 120))
        end = clause_end.start() if clause_end else min(len(text), m.end() + 120)
        for d in DURATION_RE.finditer(text, m.end(), end):
            value = parse_duration(d)
            if (value is None or value["unit"] not in ("month", "year")
                    or _NOTICE_AFTER.match(text, d.end())):
                continue
            return value, [d.span()]
        yearly = _YEARLY.search(text, m.end(), end)
        if yearly:
            return duration(1, "year"), [yearly.span()]
    return None


_NOTICE_RE = re.compile(
    r"(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than|minimum\s+of|upon)?"
    r"\s*$", re.IGNORECASE,
)


#: the notice is tied to the end of a term
_BEFORE_TERM_END = re.compile(
    r"(?:prior\s+to|before)\s+(?:the\s+)?(?:end|expiration|expiry)\s+of\s+(?:the\s+|such\s+|"
    r"any\s+)?(?:original|initial|relevant|then[- ]current|current|renewal)?\s*term")
#: in a sentence about renewal: the notice stops it
_STOPS_RENEWAL = re.compile(
    r"not\s+to\s+(?:renew|extend)|non-?renewal|(?:end|expiration|expiry)\s+of\s+"
    r"(?:the\s+|such\s+|any\s+)?(?:then[- ]current|initial|current|renewal|"
    r"applicable|extended)?\s*(?:term|period)|terminat|intent|elect|"
    r"prior\s+to\s+(?:the\s+)?(?:end|expiration|expiry)")


def find_notice_period(norm: NormText, renewal_hint: Span | None) -> Found | None:
    """The notice needed to prevent renewal / terminate: a duration followed within a few
    words by "notice" or "prior", in a sentence about renewal or expiry (nearest the
    renewal clause when there is one)."""
    text = norm.text
    candidates: list[tuple[int, dict[str, Any], Span]] = []
    for m in duration_matches(norm):
        if m.group("unit").lower() not in ("day", "month"):
            continue
        after = text[m.end(): m.end() + 60].lower()
        if not re.match(r"^\s*(?:'s?\s+|of\s+)?(?:advance\s+|prior\s+)?(?:written\s+)?"
                        r"(?:notice|prior|before|in\s+advance)", after):
            continue
        # the sentence of the notice: a termination notice next to a renewal clause is not
        # the notice that stops the renewal
        stop = re.compile(r"[.;]\s+(?=[A-Z(\d])").search(text, m.end(), m.end() + 250)
        sentence = text[sentence_start(text, m.start(), 300): stop.start() if stop else
                        m.end() + 250].lower()
        if not (_BEFORE_TERM_END.search(sentence) or (
                re.search(r"renew|extend|extension", sentence)
                and _STOPS_RENEWAL.search(sentence))):
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

