"""Governing law: the jurisdiction whose law governs the agreement."""

from __future__ import annotations

import re

from .text import Found, NormText

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
