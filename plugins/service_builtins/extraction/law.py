"""Governing law: the jurisdiction whose law governs the agreement.

The patterns are the rules of ``rulebook/en/law.toml`` and, tried after them, of
``rulebook/de/law.toml`` and ``rulebook/fr/law.toml`` (:mod:`.matcher`); this module is the
order in which they are tried and the clean-up of the place they read."""

from __future__ import annotations

import itertools

from .matcher import pattern
from .text import Found, NormText

_LAW_RE = pattern("governing_law.laws_of")
_LAW_CUE = pattern("governing_law.cue")
_LAW_GOVERNS_RE = pattern("governing_law.laws_govern")
_LAW_ADJECTIVE_RE = pattern("governing_law.adjective")
_LAW_GOVERNS_VERB_RE = pattern("governing_law.governs_verb")
_PLACE_BEFORE = pattern("governing_law.place_before")
_LAW_LABEL_RE = pattern("governing_law.label")
_LAW_HEADING_RE = pattern("governing_law.heading")
_LAW_ANAPHOR_RE = pattern("governing_law.anaphor")
_NAMED_STATE = pattern("governing_law.named_state")
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
            "Australian": "Australia", "Brazilian": "Brazil", "Mexican": "Mexico",
            # German and French contracts (rulebook/de/law.toml, rulebook/fr/law.toml)
            "Deutsch": "Germany", "Bundesrepublik Deutschland": "Germany",
            "Deutschland": "Germany", "Österreichisch": "Austria", "Republik Österreich": "Austria",
            "Österreich": "Austria", "Schweizerisch": "Switzerland", "Schweiz": "Switzerland",
            "Englisch": "England", "England und Wales": "England and Wales",
            "Französisch": "France", "Frankreich": "France", "Luxemburgisch": "Luxembourg",
            "Niederländisch": "Netherlands", "Belgisch": "Belgium", "Italienisch": "Italy",
            "Spanisch": "Spain", "Irisch": "Ireland", "Schwedisch": "Sweden",
            "Dänisch": "Denmark", "Polnisch": "Poland", "Français": "France",
            "République française": "France", "République Française": "France",
            "Belge": "Belgium", "Belgique": "Belgium", "Suisse": "Switzerland",
            "Luxembourgeois": "Luxembourg", "Allemand": "Germany", "Allemagne": "Germany",
            "Anglais": "England", "Angleterre": "England", "Italien": "Italy",
            "Italie": "Italy", "Espagnol": "Spain", "Espagne": "Spain",
            "Néerlandais": "Netherlands", "Pays-Bas": "Netherlands", "Québécois": "Quebec",
            "Québec": "Quebec", "Irlandais": "Ireland", "Irlande": "Ireland",
            "Suédois": "Sweden", "Suède": "Sweden", "Danois": "Denmark",
            "Danemark": "Denmark", "Polonais": "Poland", "Pologne": "Poland"}
#: German and French governing-law rules, tried in this order after the English ones
_LAW_OTHER_LANGUAGES = [(pattern(rule), rule)
                        for rule in ("governing_law.recht_adjective.de",
                                     "governing_law.recht_der.de",
                                     "governing_law.droit_adjective.fr",
                                     "governing_law.droit_de.fr")]
_LAWS_CUE = pattern("governing_law.laws_cue")
_PLACE_STOP = pattern("governing_law.place_stop")
_COURTS_RE = pattern("governing_law.courts")
_COURTS_CUE = pattern("governing_law.courts_cue")
#: section headings that may follow "Governing Law." in a table of contents
_HEADINGS = frozenset([
    "notices", "notice", "severability", "assignment", "waiver", "waivers", "miscellaneous",
    "definitions", "term", "termination", "confidentiality", "jurisdiction", "venue",
    "arbitration", "entire", "counterparts", "amendments", "amendment", "headings", "disputes",
    "dispute", "remedies", "indemnification", "limitation", "force", "general", "survival"])
_NOT_PLACES = frozenset(["the", "such", "any", "this", "competent", "general", "applicable",
                         "said", "either", "each", "united", "federal", "county", "city"])


_STATE_AFTER = pattern("governing_law.united_states_state")
#: words that end a place name in text written in capitals ("MASSACHUSETTS APPLICABLE TO")
_PLACE_END_WORDS = frozenset([
    "applicable", "without", "as", "in", "which", "that", "excluding", "except", "including",
    "notwithstanding", "regardless", "irrespective", "to", "each", "any", "all", "with",
    "shall", "will", "governing", "other", "for", "hereto", "this", "are", "is", "and",
    "united", "exclusive", "except", "but", "provided", "relating", "pertaining",
    # the next label of a cover page: "Governing Law: Delaware\n\nJurisdiction: ..."
    "jurisdiction", "venue"])


_NOT_GOVERNING = pattern("governing_law.not_governing")
#: what "the laws of X" can read that names no place: a determiner, or a bare designation
#: left before a template's blank ("the laws of the State of [Governing Law]")
_NO_PLACE = frozenset(["", "the", "such", "any", "this", "state", "the state", "commonwealth",
                       "the commonwealth", "province", "country"])


_SAR = pattern("governing_law.sar")
_UNITED_STATES = pattern("governing_law.united_states")
_COURTS_SUFFIX = pattern("governing_law.courts_suffix")


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
        if _UNITED_STATES.fullmatch(place):
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
        # "the laws of the State of [Governing Law]": a template's blank, no place
        if place.lower() in _NO_PLACE or len(place.split()) > 5:
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
        norm.note("governing_law", "heading" if m.re is _LAW_HEADING_RE else "label")
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
        place = _COURTS_SUFFIX.sub("", place)
        start = m.start("place")
        norm.note("governing_law", "courts")
        return place, [(start, start + len(place))]
    for regex, rule in _LAW_OTHER_LANGUAGES:
        for m in norm.finditer(regex):
            place = m.group("place")
            start = m.start("place")
            norm.note("governing_law", rule)
            return _place_case(place), [(start, start + len(place))]
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
