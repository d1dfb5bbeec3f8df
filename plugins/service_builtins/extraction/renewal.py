"""Renewal: the length of each renewal period and the notice that stops one.

The patterns are the rules of ``rulebook/en/renewal.toml`` and ``rulebook/en/notice.toml``
(:mod:`.matcher`); this module is the arbitration between them: which duration is the
renewal's length, which notice stops a renewal and which kind of notice wins."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .durations import (
    duration,
    duration_matches,
    find_durations,
    first_duration,
    parse_duration,
)
from .matcher import pattern
from .other_languages import find_in_other_languages
from .text import Found, NormText, Span, sentence_start

_RENEWAL_CUES = pattern("renewal_term.renewal_cue")
_RENEWAL_WORD = pattern("renewal_term.duration_near")
_YEARLY = pattern("renewal_term.yearly")
_SINGLE_UNIT = pattern("renewal_term.single_unit")
_COUNTED = pattern("renewal_term.counted")
_SAME_AS_TERM = pattern("renewal_term.same_as_term")
_MONTHLY = pattern("renewal_term.monthly")
_NOTICE_AFTER = pattern("renewal_term.notice_after")
_CAP_BEFORE = pattern("renewal_term.cap_before")
_RENEWING_SUBJECT = pattern("renewal_term.renewing_subject")
_RENEWAL_STEM = pattern("renewal_term.stem")
_OTHER_OBJECT = pattern("renewal_term.other_object")
_CLAUSE_END = pattern("renewal_term.clause_end")


def find_renewal_term(
    norm: NormText, initial: Callable[[], Found | None] = lambda: None
) -> Found | None:
    """Length of each renewal period: after a renewal cue ("renew for successive one (1)
    year periods", "any number of successive one (1) year terms"), else the first month or
    year duration in the clause of a renewal word that is not a notice ("renew for a
    subsequent term of two (2) years", "automatic renewals each for a period of five (5)
    years", "renewed for successive additional periods of one year"), else "renew on a
    yearly basis / from year to year / each year" (one year), "continue on a month-to-month
    basis" (one month), or "for additional terms of equal length" (the initial term,
    ``initial()``, :func:`.term.find_term`); else the German and French rules
    (:mod:`.other_languages`: "verlängert sich automatisch um jeweils ein Jahr", "se
    renouvellera tacitement par périodes successives d'un (1) an")."""
    text = norm.text
    for stem in norm.finditer(_RENEWAL_STEM):
        m = _RENEWAL_CUES.match(text, stem.start())
        if m is None:
            continue
        if not _RENEWING_SUBJECT.search(text, sentence_start(text, m.start(), 300), m.end()):
            continue
        # "extended by a further year", "renewed for an additional year": one, unnumbered
        single = _SINGLE_UNIT.match(text, m.end())
        if single is not None and not _COUNTED.search(m.group()):
            norm.note("renewal_term", "single_unit")
            return duration(1, single.group("unit").lower()), [(m.start(), single.end())]
        hit = first_duration(text, m.end(), min(len(text), m.end() + 60))
        if hit and hit[1][0] - m.end() <= 30 and not _NOTICE_AFTER.match(text, hit[1][1]):
            norm.note("renewal_term", "renewal_cue")
            return hit[0], [hit[1]]
    for m in norm.finditer(_RENEWAL_WORD):
        if _OTHER_OBJECT.match(text, m.end()):
            continue
        clause_end = _CLAUSE_END.search(text, m.end(), min(len(text), m.end() + 120))
        end = clause_end.start() if clause_end else min(len(text), m.end() + 120)
        for d in find_durations(text, m.end(), end):
            value = parse_duration(d)
            if (value is None or value["unit"] not in ("month", "year")
                    or _NOTICE_AFTER.match(text, d.end())
                    or _CAP_BEFORE.search(text, max(0, d.start() - 30), d.start())):
                continue
            norm.note("renewal_term", "duration_near")
            return value, [d.span()]
        yearly = _YEARLY.search(text, m.end(), end)
        if yearly:
            norm.note("renewal_term", "yearly")
            return duration(1, "year"), [yearly.span()]
        monthly = _MONTHLY.search(text, m.end(), end)
        if monthly:
            norm.note("renewal_term", "monthly")
            return duration(1, "month"), [monthly.span()]
        same = _SAME_AS_TERM.search(text, m.end(), end)
        if same:
            term = initial()
            if term is not None:
                norm.note("renewal_term", "same_as_term")
                return term[0], [same.span(), *term[1]]
    # a German or French contract: "verlängert sich um jeweils ein Jahr"
    return find_in_other_languages(
        norm, "renewal_term", lambda value: value["unit"] in ("month", "year"))


_NOTICE_FOLLOWS = pattern("notice_period.notice_follows")
_DEADLINE_FOLLOWS = pattern("notice_period.deadline_follows")
_NOTICE_PRECEDES = pattern("notice_period.notice_precedes")
_NOT_A_NOTICE_BEFORE = pattern("notice_period.not_a_notice_before")
_NOTICE_WORD = pattern("notice_period.notice_word")
_NOTIFIES = pattern("notice_period.notifies")
_TERM_END = pattern("notice_period.term_end")
_AT_TERM_END = pattern("notice_period.at_term_end")
_RENEWAL_TALK = pattern("notice_period.renewal_talk")
_STOPS = pattern("notice_period.stops_renewal")
_OPTS_IN = pattern("notice_period.asks_renewal")
_CONTINUES = pattern("notice_period.ends_continuation")
_AFTER_INITIAL = pattern("notice_period.after_initial")
_ANY_TIME = pattern("notice_period.any_time")
_BREACH = pattern("notice_period.breach")
_RENEWAL_HEADING = pattern("notice_period.renewal_section")
_HEADING = pattern("notice_period.heading")
_SENTENCE_END = pattern("notice_period.sentence_end")
_ENDS = pattern("notice_period.terminates")
_ENDS_OR_INTENDS = pattern("notice_period.termination_talk")

#: the order of preference of the kinds of notice (lower first)
NOTICE_RANK = {"stops renewal": 0, "renewal section": 1, "ends continuation": 2,
               "asks renewal": 3}


def _is_notice(text: str, m: re.Match[str], sent_start: int) -> bool:
    """Whether the duration ``m`` is the length of a notice: "notice" follows it or shortly
    precedes it, or it is a deadline ("N days prior to") after a notice word in its
    sentence; not an upper bound ("not more than twelve (12) months") or a cure period
    ("within thirty (30) days")."""
    before = text[max(sent_start, m.start() - 90): m.start()]
    if _NOT_A_NOTICE_BEFORE.search(before):
        return False
    if _NOTICE_FOLLOWS.match(text, m.end()) or _NOTICE_PRECEDES.search(before):
        return True
    deadline = _DEADLINE_FOLLOWS.match(text, m.end())
    if not (deadline and _TERM_END.match(text, deadline.end())):
        return False
    # the notice word before the deadline, or after it in the same clause ("unless, not less
    # than ninety days before the expiration of the then current term, either party notifies
    # the other")
    clause_end = _SENTENCE_END.search(text, deadline.end(), deadline.end() + 160)
    return bool(_NOTICE_WORD.search(text, sent_start, m.start()) or _NOTIFIES.search(
        text, deadline.end(), clause_end.start() if clause_end else deadline.end() + 160))


def notice_kind(text: str, m: re.Match[str], sent_start: int, sent_end: int,
                renewal_known: bool) -> str | None:
    """What the notice of duration ``m`` (in the sentence ``text[sent_start:sent_end]``) is
    for, a key of :data:`NOTICE_RANK`, or ``None`` when it is not about renewal (a
    termination at any time or for a breach, a notice of something else).

    * ``stops renewal``: its sentence renews the agreement unless a party objects ("shall
      automatically renew ... unless either party gives written notice of non-renewal at
      least sixty (60) days prior to the end of the then-current term"), or, in an agreement
      that renews, the notice falls before the end of a term ("Such notice must be given
      ninety (90) days prior to expiration of the original term");
    * ``renewal section``: a termination notice in a section headed "Renewal";
    * ``ends continuation``: a termination notice of an agreement that runs on ("shall remain
      in effect until terminated by either Party upon thirty (30) days' prior written
      notice") or of its renewal terms ("Following the Initial Term, either Party may
      terminate ... upon written notice ... of at least 3 months");
    * ``asks renewal``: a notice to renew ("written notice of your desire to renew at least
      six (6) months ... prior to the end of the term").
    """
    sentence = text[sent_start:sent_end]
    local = text[max(sent_start, m.start() - 150): min(sent_end, m.end() + 100)]
    after_initial = _AFTER_INITIAL.search(sentence)
    if _BREACH.search(local) or (_ANY_TIME.search(sentence) and not after_initial):
        return None
    renewal = _RENEWAL_TALK.search(sentence)
    deadline = _DEADLINE_FOLLOWS.match(text, m.end())
    before_end = bool(deadline and _TERM_END.match(text, deadline.end()))
    if renewal and _STOPS.search(sentence):
        return "stops renewal"
    if renewal and _OPTS_IN.search(sentence):
        return "asks renewal"
    if (renewal or renewal_known) and before_end:
        return "stops renewal"
    if renewal_known and _AT_TERM_END.search(sentence) and _ENDS.search(sentence):
        # "may be terminated effective at the end of any term upon 60 days' prior written
        # notice" (decision 269)
        return "stops renewal"
    if not _ENDS_OR_INTENDS.search(sentence):
        return None
    if _CONTINUES.search(sentence) or (after_initial and renewal_known):
        return "ends continuation"
    heading = _RENEWAL_HEADING.search(text, max(0, sent_start - 600), m.start())
    if heading and not _HEADING.search(text, heading.end(), m.start()):
        return "renewal section"
    return None


def find_notice_period(norm: NormText, renewal_hint: Span | None) -> Found | None:
    """The notice that stops the agreement's renewal: among the notice periods of the text
    (:func:`_is_notice`) whose purpose :func:`notice_kind` recognises, the best kind
    (:data:`NOTICE_RANK`), nearest the renewal clause (``renewal_hint``, the span of the
    renewal term) when there is one. Durations in days, weeks or months, or one year. Else the
    German and French rules (:mod:`.other_languages`: "Kündigungsfrist von 30 Tagen",
    "moyennant un préavis de trois (3) mois")."""
    text = norm.text
    candidates: list[tuple[int, int, dict[str, Any], Span, str]] = []
    for m in duration_matches(norm):
        value = parse_duration(m)
        if value is None or (value["unit"] == "year" and value["value"] > 1):
            continue
        start = sentence_start(text, m.start(), 300)
        if not _is_notice(text, m, start):
            continue
        stop = _SENTENCE_END.search(text, m.end(), m.end() + 250)
        end = stop.start() if stop else min(len(text), m.end() + 250)
        kind = notice_kind(text, m, start, end, renewal_hint is not None)
        if kind is None:
            continue
        distance = abs(m.start() - renewal_hint[0]) if renewal_hint else m.start()
        candidates.append((NOTICE_RANK[kind], distance, value, m.span(), kind))
    if not candidates:
        # a German or French contract: "Kündigungsfrist von 30 Tagen", "préavis de trois mois"
        return find_in_other_languages(norm, "notice_period", _at_most_a_year)
    _, _, value, span, kind = min(candidates, key=lambda c: (c[0], c[1]))
    norm.note("notice_period", kind.replace(" ", "_"))
    return value, [span]


def _at_most_a_year(value: dict[str, Any]) -> bool:
    """Whether a duration can be a notice period: days, weeks, months, or one year."""
    return not (value["unit"] == "year" and value["value"] > 1)
