"""Renewal: the length of each renewal period and the notice that stops one."""

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
from .text import Found, NormText, Span, sentence_start

_RENEWAL_CUES = re.compile(
    r"(?:renew(?:ed|s|al)?|extend(?:ed|s)?)\s+(?:automatically\s+)?"
    r"(?:thereafter\s+)?(?:for\s+|by\s+)(?:an?\s+|any\s+number\s+of\s+|up\s+to\s+"
    r"(?:one|two|three|four|five|\d+)\s*(?:\(\d+\)\s*)?)?"
    r"(?:(?:one|two|three|\d+)\s*(?:\(\d+\)\s*)?)?"
    r"(?:additional|successive|consecutive|subsequent|further|renewal)",
    re.IGNORECASE,
)


#: any mention of renewal; the renewal's length is then looked for in the same clause
_RENEWAL_WORD = re.compile(
    r"\b(?:renew(?:s|ed|al|als|able)?|automatically\s+extend(?:s|ed)?|"
    # "shall be tacitly extended from year to year" (decision 297)
    r"(?:be|is)\s+(?:(?:tacitly|automatically)\s+)?extended|"
    r"extend(?:s|ed)?\s+(?:automatically|for)|continues?\s+automatically|"
    r"automatically\s+continues?|"
    # "shall continue from year to year thereafter" (decision 252), "on a month-to-month basis"
    # "shall continue in force from year to year thereafter" (decision 310)
    r"continues?\s+(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+)?(?:thereafter\s+)?"
    r"(?=from\s+(?:year|month)\s+to\s+(?:year|month)|on\s+a\s+"
    r"(?:year|month)[-\s]+to[-\s]+(?:year|month))|"
    # "shall continue in effect for successive two year periods", "may extend this Agreement
    # for successive periods of one (1) year" (decision 263)
    r"continues?\s+(?:in\s+(?:full\s+force\s+and\s+)?effect\s+)?(?:thereafter\s+)?for\s+"
    r"(?=(?:additional|successive|consecutive|subsequent|further)\b)|"
    r"extend\s+(?:this|the)\s+(?:agreement|term)\s+(?=for\b))\b",
    re.IGNORECASE)
#: "on a yearly basis", "from year to year", "successive annual periods": renewal by one year
_YEARLY = re.compile(r"\b(?:on\s+an?\s+(?:yearly|annual)\s+basis|from\s+year\s+to\s+year|"
                     r"year[-\s]+to[-\s]+year|annually|annual\s+(?:periods?|terms?)|"
                     r"(?:each|every)\s+(?:calendar\s+)?year)\b",
                     re.IGNORECASE)
#: after a renewal cue, a single period named by its unit: "(a further / an additional) year"
_SINGLE_UNIT = re.compile(r"\s+(?P<unit>year|month)\b(?!\s*\()", re.IGNORECASE)
#: ... unless the cue counts the periods ("renew for two (2) additional year terms")
_COUNTED = re.compile(r"\d|\b(?:two|three|four|five)\b", re.IGNORECASE)
#: a renewal as long as the initial term: "for additional terms of equal length", "for
#: successive periods equal to the Initial Term", "for the same period"
_SAME_AS_TERM = re.compile(
    r"\b(?:of\s+(?:equal|the\s+same|like)\s+(?:length|duration)|equal\s+(?:in\s+(?:length|"
    r"duration)\s+)?to\s+the\s+(?:initial|original)\s+term|for\s+the\s+same\s+(?:period|term))\b",
    re.IGNORECASE)
#: "on a month-to-month basis", "from month to month": renewal by one month
_MONTHLY = re.compile(r"\b(?:on\s+an?\s+monthly\s+basis|from\s+month\s+to\s+month|"
                      r"month[-\s]+to[-\s]+month)\b", re.IGNORECASE)
#: a duration that is a notice or a deadline, not the renewal's length
_NOTICE_AFTER = re.compile(r"\s*(?:'s?\s+|of\s+)?(?:advance\s+|prior\s+)?(?:written\s+)?"
                           r"(?:notice|prior|before|in\s+advance|after|following)", re.IGNORECASE)
#: a duration that caps the renewals ("extended on a yearly basis up to ten (10) years") or
#: is the initial term ("prior to the expiration of the initial twenty (20) year term")
_CAP_BEFORE = re.compile(r"\b(?:up\s+to|maximum\s+of|not\s+(?:to\s+)?exceed(?:ing)?|total\s+of|"
                         r"initial|original|current)\s*$", re.IGNORECASE)
#: what renews must be the agreement or its term, not a review period or a warranty
_RENEWING_SUBJECT = re.compile(r"\b(?:agreement|contract|term|license|franchise|lease)\b",
                               re.IGNORECASE)
#: the literal every renewal cue starts with (a fast scan before the cue's pattern)
_RENEWAL_STEM = re.compile(r"renew|extend", re.IGNORECASE)
#: the renewal verb's object is another agreement: "DCL will renew the master contract hire
#: agreement for a further 18 (eighteen) months" (not "renew the Agreement / the Term")
_OTHER_OBJECT = re.compile(
    r"\s+(?:the|such|any|each)\s+(?!(?:initial\s+)?term\b|agreement\b|contract\b)"
    r"(?:[\w-]+\s+){1,5}?(?:agreement|contract|lease|licen[cs]e|polic(?:y|ies)|order)s?\b",
    re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.;]\s|\bunless\b|\bprovided\b", re.IGNORECASE)


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
    ``initial()``, :func:`.term.find_term`)."""
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
    return None


#: "notice" right after the duration: "ninety (90) days' prior written notice", "six (6)
#: months notice", "one month's notification"
_NOTICE_FOLLOWS = re.compile(
    r"\s*(?:'s?|s')?\s*(?:of\s+)?(?:advance\s+|prior\s+|previous\s+)?(?:written\s+)?"
    r"(?:notice|notification)", re.IGNORECASE)
#: a deadline before an event: "at least ninety (90) days prior to the end of the term"
_DEADLINE_FOLLOWS = re.compile(
    r"\s*(?:'s?|s')?\s*(?:or\s+more\s+)?(?:prior|before|in\s+advance|preceding)\b",
    re.IGNORECASE)
#: "notice" shortly before the duration: "written notice to the other Party of at least 3
#: months", "a notice period of forty-five (45) days"
_NOTICE_PRECEDES = re.compile(
    r"\b(?:notice|notification)\b[^.;]{0,60}?\b(?:of|at\s+least|not\s+less\s+than|"
    r"no\s+less\s+than|minimum\s+of|"
    # "The notice period for non-renewal is 90 days"
    r"period\s+(?:for\s+[^.;]{0,30}?\s+)?(?:is|shall\s+be))\s*$"
    # a form's label: "Notice of Non-Renewal: 60 days", "Notice Period: 3 months" (decision 310)
    r"|\b(?:notice|notification)\b[^.;:]{0,40}:\s*$",
    re.IGNORECASE)
#: the duration is an upper bound or a period after something, not the notice's length
_NOT_A_NOTICE_BEFORE = re.compile(
    r"\b(?:more\s+than|(?:no|not)\s+(?:earlier|sooner)\s+than|sooner\s+than|within|up\s+to|"
    r"maximum\s+of|after)\s*$", re.IGNORECASE)
#: a notice word in the sentence before a deadline ("unless either party notifies the other in
#: writing at least sixty (60) days prior to ...")
_NOTICE_WORD = re.compile(r"\bnoti(?:ce|fy|fies|fied|fication)|\bin\s+writing\b|\bwritten\b|"
                          r"\belect|\bregistered\s+letter", re.IGNORECASE)
#: a party's act of notifying, after the deadline it keeps ("..., either party notifies the
#: other"; not "the advance notice period for the submission of nominations")
_NOTIFIES = re.compile(r"\b(?:party|parties|it|either|each)\s+(?:shall\s+|may\s+)?"
                       r"(?:notif(?:y|ies)|gives?\s+(?:written\s+)?notice|delivers?\s+(?:written\s+)?notice)\b",
                       re.IGNORECASE)
#: what a deadline is before: the end of the (initial / renewal / then-current) term
_TERM_END = re.compile(
    r"[^.;]{0,60}?\b(?:end|expir\w*|conclusion|anniversary|renewal|then-?\s?current|"
    r"(?:initial|original|current)\s+(?:term|period)|term)\b", re.IGNORECASE)
#: a termination that takes effect when a term ends: "effective at the end of any term", "as of
#: the expiration of the then-current term"
_AT_TERM_END = re.compile(
    r"\b(?:at|as\s+of|upon|on)\s+the\s+(?:end|expiration|expiry)\s+of\s+(?:the\s+|any\s+|each\s+|"
    r"a\s+)?(?:then[-\s]?current\s+|initial\s+|renewal\s+|such\s+)?(?:term|period)\b",
    re.IGNORECASE)
#: the sentence is about renewal
_RENEWAL_TALK = re.compile(r"\brenew|non-?\s?renewal|\bextended\b|\bextension\b|"
                           r"\bautomatic(?:ally)?\s+(?:extend|continu)|\bevergreen|"
                           # "shall continue for further periods of 12 months" (decision 266)
                           r"\bcontinu\w*\s+(?:in\s+(?:full\s+force\s+and\s+)?effect\s+)?"
                           r"(?:thereafter\s+)?for\s+(?:further|successive|additional|"
                           r"consecutive|subsequent)\b",
                           re.IGNORECASE)
#: ... and about stopping it
_STOPS = re.compile(
    r"\bnot\s+(?:to\s+)?(?:be\s+)?(?:renew|extend)|non-?\s?renewal|terminat|cancel|\bunless\b|"
    r"contrary|\bobject|discontinu|(?:intent\w*|elect\w*|decision|determination)\s+not|"
    # "may opt out of a renewal", "decline to renew" (decision 301)
    r"\bopt(?:s|ing)?[-\s]+out\b|\bdeclin\w*\s+(?:to\s+)?(?:renew|extend)",
    re.IGNORECASE)
#: ... or about asking for it (a notice to renew: only when no notice stops the renewal)
_OPTS_IN = re.compile(
    r"(?:desire|wish(?:es)?|request|option|elect\w*|intent\w*|decide\w*)\s+to\s+(?:renew|"
    r"extend)|renewal\s+notice|notice\s+(?:of|to)\s+(?:renew|extend)", re.IGNORECASE)
#: the agreement continues until a party ends it: "remain in effect until terminated by
#: either Party upon thirty (30) days' prior written notice", "indefinitely"
_CONTINUES = re.compile(
    r"\buntil\s+(?:it\s+is\s+)?terminated|\bindefinitely|\b(?:year|month)[-\s]+to[-\s]+"
    r"(?:year|month)|\bthereafter\s+until", re.IGNORECASE)
#: termination once the initial term is over: "Following the Initial Term, either Party may
#: terminate", "at any time after the expiration of the Initial Term", "during any renewal term"
_AFTER_INITIAL = re.compile(
    r"\b(?:after|following|beyond|upon\s+expiration\s+of)\s+(?:the\s+)?(?:expiration\s+of\s+|"
    r"expiry\s+of\s+|end\s+of\s+|completion\s+of\s+)?(?:the\s+|such\s+)?(?:initial|original|"
    r"first|minimum)\s+(?:term|period)|\bduring\s+(?:any|a|the|each)\s+(?:renewal|extension|"
    r"extended)\s+(?:term|period)", re.IGNORECASE)
#: termination whenever a party likes, or for a breach: not the notice that stops a renewal
_ANY_TIME = re.compile(r"\bat\s+any\s+time\b|\bfor\s+(?:its\s+)?convenience|\bwithout\s+cause|"
                       r"\bfor\s+any\s+reason", re.IGNORECASE)
_BREACH = re.compile(r"\bbreach|\bdefault|\bcure[ds]?\b|insolven|bankrupt", re.IGNORECASE)
#: a numbered section headed "Renewal" ("1.3 Renewal This agreement will be ...")
_RENEWAL_HEADING = re.compile(
    r"(?:^|\s)\d{1,2}(?:\.\d{1,2})*\.?\s+(?:Term\s+(?:and|&)\s+)?Renewals?\b(?!\s+Term)")
_HEADING = re.compile(r"\s\d{1,2}(?:\.\d{1,2})+\.?\s+[A-Z]")
_SENTENCE_END = re.compile(r"[.;]\s+(?=[A-Z(\d])")

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
    if renewal_known and _AT_TERM_END.search(sentence) and re.search(r"terminat|cancel",
                                                                      sentence, re.IGNORECASE):
        # "may be terminated effective at the end of any term upon 60 days' prior written
        # notice" (decision 269)
        return "stops renewal"
    if not re.search(r"terminat|\bintention\b", sentence, re.IGNORECASE):
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
    renewal term) when there is one. Durations in days, weeks or months, or one year."""
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
        return None
    _, _, value, span, kind = min(candidates, key=lambda c: (c[0], c[1]))
    norm.note("notice_period", kind.replace(" ", "_"))
    return value, [span]
