"""Governing law: the jurisdiction whose law governs the agreement."""

from __future__ import annotations

import itertools
import re

from .text import Found, NormText

_LAW_RE = re.compile(
    r"(?i:governed\s+(?:[\w,]+\s+){0,6}?(?:by|under)|construed|interpreted|enforced|"
    # "The proper law of this Agreement is the law of Singapore"
    r"proper\s+law|"
    r"controlled\s+by|governing\s+law|applicable\s+law\s*:|determined\s+in\s+accordance\s+with|"
    # "This Agreement is subject to the laws of the State of New York"
    r"(?:is|be|are)\s+subject\s+to(?=\s+(?:the\s+)?(?:\w+\s+)?laws?\s))"
    r"[^.;]{0,200}?\b(?i:laws?(?:\s*\([^)]{0,60}\)|\s*,[^,.;()]{0,60},)?\s+(?:of\s*|"
    # "the laws in force in the Province of Quebec"
    r"in\s+(?:force|effect)\s+in\s+|"
    r"(?=(?:the\s+)?(?:State|Commonwealth)\s+of\s)))"
    r"(?:(?i:the)\s*)?(?:(?i:State|Commonwealth|Province|Republic|Kingdom)\s+(?i:of)\s*)?"
    r"(?P<place>(?:[A-Z][\w'-]*|of|the|and)(?:\s+(?:[A-Z][\w'-]*|of|the))*)",
)
#: where a match of :data:`_LAW_RE` starts (its keywords, none of which starts inside another)
_LAW_CUE = re.compile(r"governed|construed|interpreted|enforced|controlled|governing|proper\s+law|"
                      r"determined|applicable\s+law|choice\s+of\s+law|is\s+subject|be\s+subject|"
                      r"are\s+subject",
                      re.IGNORECASE)
#: "the laws of X shall govern" (the jurisdiction before the verb)
_LAW_GOVERNS_RE = re.compile(
    r"\b(?i:laws?)\s+(?i:of)\s+(?:(?i:the)\s+)?"
    r"(?:(?i:Federal\s+)?(?i:State|Commonwealth|Province|Republic|Kingdom)\s+(?i:of)\s+)?"
    r"(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})(?:\s*\([^)]{0,100}\))?[^.;()]{0,60}?"
    # "The substantive law of the Federal Republic of Germany shall apply"
    # "The laws of the State of Colorado govern this Agreement" (decision 300)
    r"\b(?i:(?:shall|will)\s+(?:govern|apply\b)|governs|govern\s+this|appl(?:y|ies)\s+to\s+this)"
)
#: "governed by PRC Laws", "governed by New York law", "determined in accordance with
#: Illinois law": the jurisdiction as an adjective
_LAW_ADJECTIVE_RE = re.compile(
    r"(?i:governed\s+(?:[\w,]+\s+){0,6}?by|(?:construed|interpreted|determined)\s+(?:in\s+"
    # "This Agreement is subject to Swiss law" (decision 291)
    r"accordance\s+with|under)|(?:is|be|are)\s+subject\s+to)\s+(?:(?i:the)\s+)?"
    r"(?:(?i:internal|substantive)\s+)?"
    r"(?P<place>[A-Z][\w'.-]*(?:\s+[A-Z][\w'-]*){0,2})\s+(?i:laws?)\b"
)
#: "Washington law governs this Agreement": the adjective before the verb (the verb is
#: scanned for, the jurisdiction read before it, :data:`_PLACE_BEFORE`)
_LAW_GOVERNS_VERB_RE = re.compile(
    r"\blaws?\s+(?:(?:shall|will)\s+govern|governs|govern\s+this|appl(?:y|ies)\s+to\s+this|"
    # "Swedish law shall apply to this Agreement": only after a country's adjective, since
    # "Data Protection Law shall apply" names no jurisdiction (decision 291)
    r"(?P<apply>(?:shall|will)\s+apply|applies))\b", re.IGNORECASE)
_PLACE_BEFORE = re.compile(r"(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\s+$")
#: a form's label: "Governing Law: Delaware", "Applicable law: the laws of England" (the
#: latter is :data:`_LAW_RE`'s)
_LAW_LABEL_RE = re.compile(
    r"(?i:governing\s+law|choice\s+of\s+law|applicable\s+law)\s*[:：]\s*(?:(?i:the)\s+)?"
    r"(?:(?i:State|Commonwealth|Province)\s+(?i:of)\s+)?(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
    # "Applicable law: Swiss law." (decision 309)
    r"(?:\s+(?i:laws?)\b)?"
)
#: a heading and its answer alone: "12. Governing Law. Texas.", "Governing Law - The State of
#: New York." (the place ends the sentence, so "Governing Law. All disputes …" is no place)
_LAW_HEADING_RE = re.compile(
    r"(?i:governing\s+law|choice\s+of\s+law|applicable\s+law)\s*(?:\.|\s[-–—])\s*"
    r"(?:(?i:the)\s+)?(?:(?i:State|Commonwealth|Province)\s+(?i:of)\s+)?"
    r"(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})(?:\s+(?i:laws?))?\s*(?:\.|$)"
)
#: "laws of that State" / "of said State" / "of such state": the state the sentence named before
_LAW_ANAPHOR_RE = re.compile(
    r"(?i:governed|construed|interpreted|enforced)[^.;]{0,120}?\b(?i:laws?)\s+(?i:of)\s+"
    r"(?i:that|said|such)\s+(?i:state|commonwealth|jurisdiction)\b"
)
_NAMED_STATE = re.compile(
    r"\b(?:State|Commonwealth)\s+of\s+(?P<place>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)")
#: names that stand for a country in a governing-law clause, and the adjectives of "governed
#: by English law" (decision 254)
_ALIASES = {"PRC": "People's Republic of China", "P.R.C.": "People's Republic of China",
            "P.R.C": "People's Republic of China", "English": "England", "Scottish": "Scotland",
            "Irish": "Ireland", "German": "Germany", "French": "France", "Swiss": "Switzerland",
            "Dutch": "Netherlands", "Belgian": "Belgium", "Austrian": "Austria",
            "Italian": "Italy", "Spanish": "Spain", "Portuguese": "Portugal",
            "Swedish": "Sweden", "Danish": "Denmark", "Norwegian": "Norway",
            "Finnish": "Finland", "Polish": "Poland", "Federal Republic of Germany": "Germany",
            "Israeli": "Israel", "Japanese": "Japan", "Chinese": "China", "Korean": "Korea",
            "Indian": "India", "Singaporean": "Singapore", "Canadian": "Canada",
            "Australian": "Australia", "Brazilian": "Brazil", "Mexican": "Mexico"}
_LAWS_CUE = re.compile(r"\blaw", re.IGNORECASE)
_PLACE_STOP = re.compile(
    r"\s+(?i:and|of|the|without|applicable|as|in|which|that|United|excluding|except|"
    r"including|notwithstanding|regardless|irrespective|to|each|any|all|with)$")
#: fallback: the courts a jurisdiction clause submits to
_COURTS_RE = re.compile(
    r"(?i:jurisdiction|venue)[^.;]{0,120}?\b(?i:courts?)\s+(?i:of|in|located\s+in|sitting\s+in)\s+"
    r"(?:(?i:the)\s+)?(?:(?i:State|Commonwealth|Province)\s+(?i:of)\s+)?"
    r"(?P<place>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)"
)
_COURTS_CUE = re.compile(r"jurisdiction|venue", re.IGNORECASE)
#: section headings that may follow "Governing Law." in a table of contents
_HEADINGS = frozenset([
    "notices", "notice", "severability", "assignment", "waiver", "waivers", "miscellaneous",
    "definitions", "term", "termination", "confidentiality", "jurisdiction", "venue",
    "arbitration", "entire", "counterparts", "amendments", "amendment", "headings", "disputes",
    "dispute", "remedies", "indemnification", "limitation", "force", "general", "survival"])
_NOT_PLACES = frozenset(["the", "such", "any", "this", "competent", "general", "applicable",
                         "said", "either", "each", "united", "federal", "county", "city"])


#: a state named right after a federal law ("... United States and the State of Indiana")
_STATE_AFTER = re.compile(
    r"\s*(?:of\s+America\s*)?(?:,\s*(?:and\s+)?|\s+(?:and|as\s+well\s+as)\s+)(?:of\s+)?"
    r"(?:the\s+)?(?:laws\s+of\s+)?"
    r"(?:the\s+)?(?:State|Commonwealth)\s+of\s+(?P<place>[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+)?)")
#: words that end a place name in text written in capitals ("MASSACHUSETTS APPLICABLE TO")
_PLACE_END_WORDS = frozenset([
    "applicable", "without", "as", "in", "which", "that", "excluding", "except", "including",
    "notwithstanding", "regardless", "irrespective", "to", "each", "any", "all", "with",
    "shall", "will", "governing", "other", "for", "hereto", "this", "are", "is", "and",
    "united", "exclusive", "except", "but", "provided", "relating", "pertaining"])


#: a law that governs something else: the scope of a legal opinion ("Such counsel's opinion
#: shall be limited to matters governed by … the laws of Tennessee"), a field of law ("the
#: inventorship laws of the United States", "the patent laws of")
_NOT_GOVERNING = re.compile(
    r"\bopinion\b|\b(?:inventorship|patent|tax|securities|export|bankruptcy|employment|labou?r|"
    r"immigration|antitrust)\s+laws?\b", re.IGNORECASE)


_SAR = re.compile(r"\s+Special\s+Administrative\s+Region$", re.IGNORECASE)


def _first_words(place: str) -> str:
    """``place`` up to the first word that cannot be part of a jurisdiction's name (the
    first word is always kept: "Delaware of the United States" -> "Delaware of the")."""
    words = place.split()
    for i, word in enumerate(words[1:], start=1):
        if word.lower() in _PLACE_END_WORDS:
            return " ".join(words[:i])
    return place


def find_governing_law(norm: NormText) -> Found | None:
    """The jurisdiction after "governed by ... the laws of (the State of) X"."""
    text = norm.text
    for m in norm.finditer(_LAW_RE, cue=_LAW_CUE):
        if _NOT_GOVERNING.search(text, max(0, m.start() - 150), m.end("place")):
            continue
        place = _first_words(m.group("place"))
        if re.fullmatch(r"(?i:United\s+States(?:\s+of\s+America)?)", place):
            # "the laws of the United States and the State of Indiana": the state decides
            state = _STATE_AFTER.match(text, m.end("place"))
            if state is not None:
                norm.note("governing_law", "united_states_state")
                return _place_case(state.group("place")), [state.span("place")]
        while True:
            trimmed = _PLACE_STOP.sub("", place)
            if trimmed == place:
                break
            place = trimmed
        place = place.strip(" .,")
        if place.lower() in ("", "the", "such", "any", "this") or len(place.split()) > 5:
            continue
        start = m.start("place")
        # a region's official designation ("the Hong Kong Special Administrative Region") is not
        # part of its name (decision 291)
        place = _SAR.sub("", place)
        norm.note("governing_law", "laws_of")
        return _place_case(place), [(start, start + len(place))]
    for m in norm.finditer(_LAW_GOVERNS_RE, cue=_LAWS_CUE):
        place = m.group("place")
        start = m.start("place")
        norm.note("governing_law", "laws_govern")
        return _place_case(place), [(start, start + len(place))]
    for m in norm.finditer(_LAW_ADJECTIVE_RE, cue=_LAW_CUE):
        place = m.group("place")
        if place.split()[0].lower() in _NOT_PLACES:
            continue
        start = m.start("place")
        norm.note("governing_law", "adjective")
        return _place_case(place), [(start, start + len(place))]
    for m in norm.finditer(_LAW_GOVERNS_VERB_RE):
        before = _PLACE_BEFORE.search(text, max(0, m.start() - 60), m.start())
        if before is None or before.group("place").split()[0].lower() in _NOT_PLACES:
            continue
        if m.group("apply") and before.group("place") not in _ALIASES:
            continue
        place = before.group("place")
        start = before.start("place")
        norm.note("governing_law", "governs_verb")
        return _place_case(place), [(start, start + len(place))]
    for m in itertools.chain(norm.finditer(_LAW_LABEL_RE, cue=_LAW_CUE),
                             norm.finditer(_LAW_HEADING_RE, cue=_LAW_CUE)):
        place = _first_words(m.group("place"))
        if place.split()[0].lower() in _NOT_PLACES | _HEADINGS:
            continue  # "Governing Law. Notices. Severability." is a table of contents
        start = m.start("place")
        norm.note("governing_law", "label")
        return _place_case(place), [(start, start + len(place))]
    for m in norm.finditer(_LAW_ANAPHOR_RE, cue=_LAW_CUE):
        # "deemed to have been entered into in the State of New Jersey, and shall be construed
        # … in accordance with the laws of that State"
        named = list(_NAMED_STATE.finditer(text, max(0, m.start() - 250), m.start()))
        if named:
            norm.note("governing_law", "anaphor")
            return named[-1].group("place"), [named[-1].span("place")]
    for m in norm.finditer(_COURTS_RE, cue=_COURTS_CUE):
        place = m.group("place")
        if place.split()[0].lower() in _NOT_PLACES:
            continue
        place = re.sub(r"\s+(?:County|City|Courts?)$", "", place)
        start = m.start("place")
        norm.note("governing_law", "courts")
        return place, [(start, start + len(place))]
    return None


def _place_case(place: str) -> str:
    """"NEW YORK" -> "New York", "PRC" -> "People's Republic of China", "English" ->
    "England"; mixed-case names are kept."""
    alias = _ALIASES.get(place) or _ALIASES.get(place.capitalize())
    if alias is not None:
        return alias
    if not place.isupper():
        return place
    return " ".join(w if w.lower() in ("of", "and", "the") else w.capitalize()
                    for w in place.lower().split())
