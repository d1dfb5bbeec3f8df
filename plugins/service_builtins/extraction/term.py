"""The agreement's initial term and its end: "the term of this Agreement shall be two (2)
years from the Effective Date", "expires on December 31, 2010", "until the fifth anniversary
of the Effective Date".

The patterns are the rules of ``rulebook/en/term.toml`` (:mod:`.matcher`); this module is the
arbitration between them: which duration is the term, what it counts from, which date ends it."""

from __future__ import annotations

import datetime as dt
from typing import Any

from .dates import DATE_RE, add_duration, date_matches, dates_in, parse_date
from .durations import duration, duration_matches, parse_duration
from .matcher import pattern, rulebook
from .other_languages import find_in_other_languages
from .text import Found, NormText, Span, sentence_start

_EXPIRY_CUES = pattern("expiration_date.expiry_cue")
_NAMES_THE_TERM = pattern("expiration_date.names_the_term")
_PERIOD_JOIN = pattern("expiration_date.term_period")
_ANNIVERSARY_RE = pattern("term.anniversary")
#: phrases that open the statement of the agreement's (initial) term, right before its length
_TERM_LEAD = pattern("term.clause")
_MONTH_END = pattern("term.month_end")
_NOT_TERM = pattern("term.not_term")
_ENUMERATION = pattern("term.enumeration")
_TERM_SUBJECT = pattern("term.subject")
_ABOUT_AGREEMENT = pattern("term.about_agreement")
_AFTER_NOT_TERM = pattern("term.period_of_other")
_ANCHOR_AFTER = pattern("term.anchor_after")
_FROM_OTHER_EVENT = pattern("term.from_other_event")
_ANCHOR_BEFORE = pattern("term.anchor_before")
_SURVIVAL_FROM_START = pattern("term.survival_from_start")
_EXCLUSIVE_APPOINTEE = pattern("term.exclusive_appointee")
_ANNIVERSARY_SUBJECT = pattern("term.anniversary_subject")
_ANNIVERSARY_OF_RENEWAL = pattern("term.anniversary_of_renewal")


def _not_term(clause: str, text: str, end: int) -> bool:
    """Whether ``clause`` (the sentence before a duration ending at ``end``) says the duration
    is not the agreement's term (:data:`_NOT_TERM`), except a survival counted from the
    agreement's start (:data:`_SURVIVAL_FROM_START`)."""
    hits = [m.group().lower() for m in _NOT_TERM.finditer(clause)]
    if _EXCLUSIVE_APPOINTEE.search(clause):
        # the title of the appointee ("its exclusive distributor"), not a period of exclusivity
        hits = [h for h in hits if not h.startswith("exclusiv")]
    if not hits:
        return False
    return not (all(h.startswith("surviv") for h in hits)
                and _SURVIVAL_FROM_START.match(text, end, end + 80) is not None)


class TermClause:
    """The agreement's initial term as stated in the text: its length and what it runs from
    (``anchor``: ``"start"`` = the effective date / date hereof, ``"date"`` = an explicit date
    in ``start``, ``"other"`` = another event, e.g. first commercial sale)."""

    def __init__(self, value: dict[str, Any], span: Span, anchor: str,
                 start: dt.date | None, start_span: Span | None,
                 month_end: bool = False) -> None:
        #: the term ends on the last day of the month its length reaches
        self.month_end = month_end
        self.value = value
        self.span = span
        self.anchor = anchor
        self.start = start
        self.start_span = start_span


def find_term_clause(norm: NormText) -> TermClause | None:
    """The first duration (months / years) introduced by an initial-term phrase ("the term
    of this Agreement shall be", "initial term of", "shall continue in full force and effect
    for", "shall be valid / binding / in force for", "has a term of", "is concluded for",
    "for a term of", "shall expire N years from", "shall end N years thereafter") in a
    sentence about the agreement's term and not about renewal, survival, non-solicitation or
    payment."""
    return norm.memo("term_clause", lambda: _term_clause(norm))


def _term_clause(norm: NormText) -> TermClause | None:
    text = norm.text
    found: TermClause | None = None
    for m in duration_matches(norm):
        if m.group("unit").lower() not in ("month", "year", "yr"):
            continue
        lead_lo = max(0, m.start() - 240)
        lead = _TERM_LEAD.search(text, lead_lo, m.start())
        if lead is None:
            continue
        sent = sentence_start(text, m.start())
        before = text[sent: m.start()]
        # what the sentence excludes counts in the duration's own item of an enumeration:
        # "(i) … records retention policy and (ii) each party … will continue to be bound"
        items = list(_ENUMERATION.finditer(before))
        clause = before[items[-1].end():] if items else before
        month_end = _MONTH_END.search(text, lead.start(), m.start()) is not None
        # a month-end lead names the agreement's expiry itself ("Expiration Date: the last day
        # of the month …"), so it needs no other subject
        about_agreement = month_end or (
            _TERM_SUBJECT.search(before) is not None
            and _ABOUT_AGREEMENT.search(before) is not None)
        if not about_agreement or _not_term(clause, text, m.end()):
            continue
        # an "until / ending" prefix after the lead means a length of something else
        value = parse_duration(m)
        if value is None:
            continue
        if value["unit"] == "month" and value["value"] > 240:
            continue
        after = text[m.end(): m.end() + 140]
        if _AFTER_NOT_TERM.match(after):
            continue
        if _FROM_OTHER_EVENT.match(after):
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
        clause_found = TermClause(value, m.span(), anchor, start, start_span, month_end)
        if anchor != "other":
            # "terminate upon the earlier of (i) two years after completion of the Proposed
            # Transaction or (ii) three years from the date hereof": the agreement's own term
            # is the length counted from its start, later in the same sentence
            return clause_found if found is None or sentence_start(text, m.start()) == \
                sentence_start(text, found.span[0]) else found
        if found is not None:
            break
        found = clause_found
    return found


def find_term(norm: NormText) -> Found | None:
    """Length of the initial term (see :func:`find_term_clause`); else N years from
    "shall continue until / terminate on the N-th anniversary of the Effective Date"; else the
    German and French rules (:mod:`.other_languages`: "Die Vertragslaufzeit beträgt 24 Monate",
    "conclu pour une durée de deux (2) ans").

The patterns are the rules of ``rulebook/en/term.toml`` (:mod:`.matcher`); this module is the
arbitration between them: which duration is the term, what it counts from, which date ends it."""
    clause = find_term_clause(norm)
    if clause is not None:
        norm.note("term", "clause")
        return clause.value, [clause.span]
    anniversary = _find_anniversary(norm)
    if anniversary is not None:
        years, _, span = anniversary
        norm.note("term", "anniversary")
        return duration(years, "year"), [span]
    # a German or French contract: "Die Vertragslaufzeit beträgt 24 Monate"
    return find_in_other_languages(norm, "term", _months_or_years)


def _months_or_years(value: dict[str, Any]) -> bool:
    """Whether a duration can be a contract's term (or a renewal's): months or years."""
    return value["unit"] in ("month", "year")


def _find_anniversary(norm: NormText) -> tuple[int, bool, Span] | None:
    """(years, "the day before" it, span) of "terminate on / continue until the N-th
    anniversary of the Effective Date" in a sentence about the agreement's term."""
    text = norm.text
    if "anniversary" not in norm.folded:
        return None  # a literal search (the folded text: any case) spares the pattern's scan
    for m in norm.finditer(_ANNIVERSARY_RE):
        sent = sentence_start(text, m.start(), 250)
        window = text[sent: m.start()].lower()
        # "your obligations hereunder shall terminate on the first anniversary of the date of
        # this letter agreement" (decision 298)
        if not _ANNIVERSARY_SUBJECT.search(window) or _ANNIVERSARY_OF_RENEWAL.search(window):
            continue
        years = rulebook()["term.anniversary"].produce(m)
        if years:
            return years, bool(m.group("prior")), m.span()
    return None


_OTHER_PERIOD = pattern("expiration_date.other_period")
_OF_THE_AGREEMENT = pattern("expiration_date.of_the_agreement")


def find_term_period(norm: NormText) -> tuple[Found, Found] | None:
    """The start and end (ISO date and span each) of a period "<date> to / through / - <date>"
    in a sentence about the agreement, its term or contract period, not its renewal nor what
    it covers (:data:`_OTHER_PERIOD`): "The contract period is 1 June 2005 to 31 May 2008",
    "Term: 1 June 2005 - 31 May 2008"."""
    return norm.memo("term_period", lambda: _term_period(norm))


def _term_period(norm: NormText) -> tuple[Found, Found] | None:
    text = norm.text
    for m in date_matches(norm):
        joint = _PERIOD_JOIN.match(text, m.end())
        if joint is None:
            continue
        lead = text[sentence_start(text, m.start(), 250): m.start()].lower()
        if _OF_THE_AGREEMENT.search(lead) and not _OTHER_PERIOD.search(lead):
            second = DATE_RE.match(text, joint.end())
            first_date = parse_date(m)
            end = parse_date(second) if second else None
            if second is not None and end is not None and first_date is not None \
                    and end > first_date:
                return ((first_date.isoformat(), [m.span()]),
                        (end.isoformat(), [second.span()]))
    return None


_IN_FORCE_BEFORE = pattern("expiration_date.in_force_before")
_NOT_ABOUT_TERM = pattern("expiration_date.not_about_term")


def find_expiration_date(
    norm: NormText, effective: tuple[str, Span] | None = None
) -> Found | None:
    """The end of the initial term: an explicit date after "expire(s) on / until / through /
    terminate on / from the Effective Date to", "The expiration date of this Agreement is" in
    a sentence about the term of the agreement; else "terminate on the
    N-th anniversary of the Effective Date"; else the effective date plus the initial term
    (:func:`find_term_clause`) when the term runs from the effective date or a stated date;
    else a German or French end date, or the effective date plus a German or French term
    (:mod:`.other_languages`).
    ``effective`` is the effective date (ISO) and its span, when known."""
    text = norm.text
    for m in norm.finditer(_EXPIRY_CUES):
        if m.group("up_to") and not _IN_FORCE_BEFORE.search(
                text, max(0, m.start() - 30), m.start()):
            continue
        sent = sentence_start(text, m.start(), 250)
        window = text[sent: m.start()].lower()
        if _NOT_ABOUT_TERM.search(window):
            # also a restriction that lasts until a date ("shall be prohibited … until"), and
            # the period of the disclosures the agreement covers ("information disclosed during
            # the period June 1, 2009 through December 31, 2010")
            continue
        # the cue may name the agreement itself ("The expiration date of this Agreement is")
        about_term = _OF_THE_AGREEMENT.search(text, sent, m.end()) is not None
        for value, span in dates_in(text, m.end(), min(len(text), m.end() + 40)):
            # "The rights granted hereunder ... shall expire on December 31, 2006 (the "Term")"
            if span[0] - m.end() <= 12 and (about_term or _NAMES_THE_TERM.match(text, span[1])):
                norm.note("expiration_date", "expiry_cue")
                return value.isoformat(), [span]
            break
    period = find_term_period(norm)
    if period is not None:
        norm.note("expiration_date", "term_period")
        return period[1]
    eff = dt.date.fromisoformat(effective[0]) if effective else None
    anniversary = _find_anniversary(norm)
    if anniversary is not None:
        if eff is None or effective is None:
            return None
        # CUAD's lawyers date "through the day prior to the N-th anniversary" on the
        # anniversary itself, so the "day before" is not subtracted
        end = add_duration(eff, {"value": anniversary[0], "unit": "year"})
        norm.note("expiration_date", "anniversary")
        return end.isoformat(), [effective[1], anniversary[2]]
    clause = find_term_clause(norm)
    if clause is None:
        return _end_of_other_language_term(norm, eff, effective)
    if clause.anchor == "date" and clause.start is not None and clause.start_span:
        norm.note("expiration_date", "clause_from_date")
        return _end_of_term(clause, clause.start).isoformat(), [clause.start_span, clause.span]
    if clause.anchor == "start" and eff is not None and effective is not None:
        norm.note("expiration_date", "clause_from_start")
        return _end_of_term(clause, eff).isoformat(), [effective[1], clause.span]
    return None


def _end_of_other_language_term(
    norm: NormText, eff: dt.date | None, effective: tuple[str, Span] | None
) -> Found | None:
    """A German or French contract's end written out ("Der Vertrag endet am 31. Dezember
    2025", "prendra fin le 31 décembre 2025"), else the effective date plus its term ("tritt
    am 1. März 2024 in Kraft und wird für eine Laufzeit von zwei Jahren geschlossen" →
    2026-03-01), noted as the term's rule (:mod:`.other_languages`); ``None`` without either."""
    written = find_in_other_languages(norm, "expiration_date")
    if written is not None:
        return written
    if eff is None or effective is None:
        return None
    term = find_in_other_languages(norm, "term", _months_or_years)
    if term is None:
        return None
    norm.note("expiration_date", norm.rules["term"])
    return add_duration(eff, term[0]).isoformat(), [effective[1], *term[1]]


def _end_of_term(clause: TermClause, start: dt.date) -> dt.date:
    """``start`` plus the clause's length, moved to the last day of its month when the clause
    says so (:attr:`TermClause.month_end`)."""
    end = add_duration(start, clause.value)
    if clause.month_end:
        following = (end.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
        end = following - dt.timedelta(days=1)
    return end
