"""What a contract says of when it takes effect when it names no date: "This Agreement shall
become effective upon execution", "effective as of the date first written above", ""Effective
Date" has the meaning of the "Closing Date"", "made as of ___________, 2003 (the "Effective
Date")". :func:`find_onset` classifies the statement; :mod:`.contract_dates` turns it into a
date (or none).

The patterns are the rules of ``rulebook/en/onset.toml`` (:mod:`.matcher`); this module is the
order in which they are read and what each kind of onset means."""

from __future__ import annotations

from typing import Literal

from .dates import DATE_RE
from .matcher import pattern
from .text import NormText, Span

#: what an onset names: the agreement's making, its signing, the day after the last signature,
#: another time the text does not date, or nothing but a defined term that is dated nowhere
OnsetKind = Literal["made", "signed", "day_after_signing", "month_after_signing", "event",
                    "undated"]

_ONSET_BEFORE = pattern("effective_date.onset_before")
_ONSET_STATEMENT = pattern("effective_date.onset_statement")
_ONSET_STATEMENT_CUE = pattern("effective_date.onset_statement_cue")
_ONSET_SUBJECT_BEFORE = pattern("effective_date.onset_subject_before")
_ONSET_DEFINED = pattern("effective_date.onset_defined")
_ONSET_NAMED = pattern("effective_date.onset_named")
_ONSET_NAMED_BEFORE = pattern("effective_date.onset_named_before")
_ONSET_CUE = pattern("effective_date.onset_cue")
_ONSET_MADE = pattern("effective_date.onset_made")
_ONSET_SIGNED = pattern("effective_date.onset_signed")
_ONSET_EITHER = pattern("effective_date.onset_either")
_ONSET_LATER_SIGNING = pattern("effective_date.onset_later_signing")
_ONSET_OTHER = pattern("effective_date.onset_other_agreement")
_ONSET_TIME = pattern("effective_date.onset_event")
_ONSET_DAY_AFTER = pattern("effective_date.onset_day_after_signing")
_ONSET_MONTH_AFTER = pattern("effective_date.onset_month_after_signing")
_ONSET_TERM = pattern("effective_date.onset_term")
OTHER_TERM = pattern("effective_date.other_term")
_TERM_USED = pattern("effective_date.onset_undated")
_TERM_OF_OTHER = pattern("effective_date.term_of_other")
_TERM_DATED_BELOW = pattern("effective_date.term_dated_below")
_BLANK = pattern("effective_date.blank")


def _onset_kind(obj: str, time_only: bool = True) -> OnsetKind | None:
    """What an onset phrase names: ``made``, ``signed``, ``day_after_signing``,
    ``month_after_signing``, ``event``
    (another time, a blank too; with ``time_only``, a phrase that names a time — "the first
    day of employment", not "a country-by-country basis"), or ``None`` when it is a date
    (the cues' business), the defined term itself or no time."""
    obj = obj.strip(" ,")
    if _BLANK.search(obj[:40]):
        return "event"
    if DATE_RE.search(obj, 0, 60) or _ONSET_TERM.match(obj):
        return None
    if _ONSET_DAY_AFTER.match(obj):
        return "day_after_signing"
    if _ONSET_MONTH_AFTER.match(obj):
        return "month_after_signing"
    if _ONSET_LATER_SIGNING.match(obj):
        return "signed"
    if _ONSET_EITHER.match(obj):
        return "event"
    if _ONSET_MADE.match(obj):
        return "made"
    signed = _ONSET_SIGNED.match(obj)
    if signed is not None and not _ONSET_OTHER.search(obj, 0, signed.end()):
        return "signed"
    return "event" if not time_only or _ONSET_TIME.match(obj) else None


def find_onset(norm: NormText) -> tuple[OnsetKind, Span] | None:
    """What the agreement says of when it takes effect, when it names no date: the kind and
    the statement's span. From a definition of its "Effective Date" first (""Effective Date"
    has the meaning of the "Closing Date""), then the phrase its defined term names ("effective
    as of the date stated below (the "Effective Date")"), then a statement whose subject is
    the agreement ("This Agreement shall become effective upon execution"): ``made``,
    ``signed``, ``day_after_signing`` or ``event`` (:func:`_onset_kind`); else ``signed`` when
    its first use of its own "Effective Date" places it beside the signatures ("as of the
    Effective Date set forth on the signature page"), ``undated`` when the agreement uses it as
    a defined term but dates it nowhere; ``None`` when it says nothing of it."""
    text = norm.text
    for m in norm.finditer(_ONSET_DEFINED, cue=_ONSET_CUE):
        if not OTHER_TERM.search(text, max(0, m.start() - 30), m.start()):
            kind = _onset_kind(m.group("obj"), time_only=False)
            if kind is not None:
                return kind, m.span()
    for m in norm.finditer(_ONSET_NAMED):
        before = _ONSET_NAMED_BEFORE.search(text, max(0, m.start() - 160), m.start())
        if before is not None:
            kind = _onset_kind(before.group("obj"), time_only=False)
            if kind is not None:
                return kind, (before.start(), m.end())
    for m in norm.finditer(_ONSET_STATEMENT, cue=_ONSET_STATEMENT_CUE):
        subject = _ONSET_SUBJECT_BEFORE.search(text, max(0, m.start() - 140), m.start())
        if subject is None or (not text[subject.start()].isupper() and not _ONSET_BEFORE.search(
                text, max(0, subject.start() - 40), subject.start())):
            continue
        verb, prep = m.group("verb").lower(), m.group("prep").lower()
        # "takes effect", "comes into force" need their verb; "until" only after "not"
        if (verb == "effect") != bool(subject.group("aux")) and not verb.startswith("into"):
            continue
        if prep == "until" and not subject.group("neg"):
            continue
        if subject.group("in") and prep in ("after", "following"):
            continue  # "shall be in effect after the termination of ...": how long, not when
        kind = _onset_kind(m.group("obj"),
                           time_only=prep not in ("upon", "when", "until", "after", "following"))
        if verb in ("binding", "valid") and kind not in ("made", "signed"):
            continue  # "shall be binding upon the parties and their successors"
        if kind is not None:
            return kind, (subject.start(), m.end())
    for m in norm.finditer(_TERM_USED, cue=_ONSET_CUE):
        if not (OTHER_TERM.search(text, max(0, m.start() - 30), m.start())
                or _TERM_OF_OTHER.match(text, m.end())):
            below = _TERM_DATED_BELOW.match(text, m.end())
            if below is not None:
                return "signed", (m.start(), below.end())
            return "undated", m.span()
    return None
