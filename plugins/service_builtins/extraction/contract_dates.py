"""When the agreement was made and when it takes effect.

The patterns are the rules of ``rulebook/en/contract_dates.toml`` (:mod:`.matcher`); this module
is the order in which they are tried and which date each one gives."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator

from .dates import date_matches, dates_in, parse_date
from .matcher import pattern
from .onset import OTHER_TERM, OnsetKind, find_onset
from .other_languages import find_in_other_languages
from .term import find_term_period
from .text import PREAMBLE_CHARS, Found, NormText, Span

_MADE_CUES = pattern("agreement_date.made_after_as_of")
_AGREEMENT_CUES = pattern("agreement_date.made_cue")
_SENTENCE_END = pattern("agreement_date.sentence_end")
_ABBREVIATION = pattern("agreement_date.abbreviation")
#: the rule ids of :data:`_EFFECTIVE_CUES`, in order (:meth:`.text.NormText.note`)
_EFFECTIVE_CUE_RULES = ("effective_as_of", "effective_date_is", "commences_on", "takes_effect_on",
                        "date_label", "start_date_label", "applies_retroactively")
#: effective date cues, tried in this order (rules ``effective_date.<name>``)
_EFFECTIVE_CUES = [pattern(f"effective_date.{rule}") for rule in _EFFECTIVE_CUE_RULES]
_EFFECTIVE_DEFINED = pattern("effective_date.definition")
_EFFECTIVE_AFTER = pattern("effective_date.defined_term")


_OTHER_BEFORE = pattern("agreement_date.other_document")
_DEFINED_AFTER = pattern("agreement_date.defined_after")
_OWN_TERM = pattern("agreement_date.own_term")
_LATER_TERM = pattern("agreement_date.later_term")
_FILING_STAMP = pattern("agreement_date.filing_stamp")
_HOUSEKEEPING = pattern("agreement_date.housekeeping")
_GAP_STOP = pattern("agreement_date.gap_stop")
_THIS_AGREEMENT_BEFORE = pattern("agreement_date.this_agreement_before")


def about_other_document(text: str, span: Span) -> bool:
    """Whether the date at ``span`` dates another document or event the contract refers to
    rather than the contract itself: "that certain ... dated", "the Consulting Agreement
    between the parties dated", "(the "Merger Agreement")", "("Eligible Account Holders")",
    or an EDGAR filing stamp ("Source: ACME INC., 10-K, 3/6/2020") or the document's own
    housekeeping (:data:`_HOUSEKEEPING`: "Draft of 2/1/05")."""
    before = text[max(0, span[0] - 320): span[0]]
    if _FILING_STAMP.search(before) or _housekeeping(text, span):
        return True
    after = _DEFINED_AFTER.match(text, span[1], span[1] + 160)
    if after is not None and (not _OWN_TERM.search(after.group("name"))
                              or _LATER_TERM.match(after.group("name"))):
        return True
    sentence = _sentence_tail(before)
    if _THIS_AGREEMENT_BEFORE.search(sentence):
        return False
    return bool(_OTHER_BEFORE.search(sentence))


def _housekeeping(text: str, span: Span) -> bool:
    """Whether the date at ``span`` stamps the document itself (:data:`_HOUSEKEEPING`), in
    its sentence."""
    return _HOUSEKEEPING.search(_sentence_tail(text[max(0, span[0] - 120): span[0]])) is not None


def _date_right_after(
    norm: NormText, cue: re.Pattern[str], start: int, end: int, gap: int = 25
) -> Iterator[tuple[dt.date, list[Span]]]:
    """Dates within ``gap`` characters after a match of ``cue`` in ``text[start:end]``, with
    no word such as "after" or "until" between (:data:`_GAP_STOP`), except those of another
    document (:func:`about_other_document`)."""
    text = norm.text
    for m in norm.finditer(cue, start, end):
        for value, span in dates_in(text, m.end(), min(m.end() + gap + 30, len(text))):
            if (span[0] - m.end() <= gap and not _GAP_STOP.search(text, m.end(), span[0])
                    and not about_other_document(text, span)):
                yield value, [span]
            break


def _sentence_ends(text: str, start: int, end: int) -> Iterator[int]:
    """Where sentences end in ``text[start:end]`` (after the "." or ";"); an abbreviation's
    dot ("Acme, Inc. and", "Inc. ("Acme")") ends none."""
    for m in _SENTENCE_END.finditer(text, start, end):
        if text[m.start()] == ";" or not _ABBREVIATION.search(text, max(0, m.start() - 5),
                                                             m.start()):
            yield m.end()


def _same_sentence(text: str, start: int, end: int) -> bool:
    """Whether no sentence ends in ``text[start:end]``."""
    return next(_sentence_ends(text, start, end), None) is None


def _sentence_tail(before: str) -> str:
    """The part of the last sentence of ``before`` (a sentence ending right at its end is
    not: "... as amended. January 22, 2020"), without the dots of abbreviations and numbers
    ("that certain letter agreement by and between Red Mountain ... Air Transport Services
    Group, Inc., ... dated"), so a pattern can stay within a sentence by excluding "."."""
    ends = list(_sentence_ends(before, 0, len(before)))
    return before[ends[-1] if ends else 0:].replace(".", "")


_WITNESS = pattern("agreement_date.witness")
_SIGNED_CUES = pattern("agreement_date.signature")
_DATE_CAPTION = pattern("agreement_date.date_caption")
_LATER_DATE_LABEL = pattern("agreement_date.later_date_label")
_OTHER_DATE_LABEL = pattern("agreement_date.other_date_label")
#: the last characters of a document searched when it has no signature-block heading
SIGNATURE_CHARS = 2500
#: how far into the document its first date may be taken as the agreement date
_FIRST_DATE_CHARS = 1500


def find_agreement_date(norm: NormText) -> Found | None:
    """The date the agreement was made: a date right after a "dated/made/entered into ...
    as of" cue in the preamble, else the first date of the preamble, else the signing date
    of the signature block (:func:`find_signature_date`), else the German and French rules
    (:mod:`.other_languages`: "geschlossen am 1. März 2024", "Fait à Paris, le 1er mars
    2024")."""
    text = norm.text
    # a one-page agreement's signature block lies within the preamble's reach: its dates are
    # the signing dates, of which the latest counts (:func:`find_signature_date`), not the first;
    # without a heading, the block is the last SIGNATURE_CHARS (the first 1,500 characters stay
    # the preamble's)
    limit = min([len(text), PREAMBLE_CHARS, *_witness_heads(norm)[:1],
                 max(len(text) - SIGNATURE_CHARS, _FIRST_DATE_CHARS)])
    for value, spans in _date_right_after(norm, _AGREEMENT_CUES, 0, limit):
        if (_LATER_DATE_LABEL.search(text, max(0, spans[0][0] - 40), spans[0][0])
                or _housekeeping(text, spans[0])):
            continue
        # after a bare "as of": "shall be effective as of May 1, 2020 ... and is made and
        # entered into this 10th day of January, 2020" was made on the later date
        made = next(_date_right_after(norm, _MADE_CUES, max(0, spans[0][0] - 80), limit), None)
        if (made is not None and made[1][0][0] > spans[0][0]
                and _same_sentence(text, spans[0][1], made[1][0][0])):
            norm.note("agreement_date", "made_after_as_of")
            return made[0].isoformat(), made[1]
        norm.note("agreement_date", "made_cue")
        return value.isoformat(), spans
    # "this 15th day of March, 2004" is handled by DATE_RE's dmy form
    for value, span in dates_in(text, 0, min(limit, _FIRST_DATE_CHARS)):
        if not (about_other_document(text, span)
                or _LATER_DATE_LABEL.search(text, max(0, span[0] - 40), span[0])):
            norm.note("agreement_date", "first_date")
            return value.isoformat(), [span]
    norm.note("agreement_date", "signature")
    # a German or French contract: "geschlossen am 1. März 2024", "Fait à Paris, le 1er mars 2024"
    return find_signature_date(norm) or find_in_other_languages(norm, "agreement_date")


def _witness_heads(norm: NormText) -> list[int]:
    """Where the signature block's headings (:data:`_WITNESS`) start in the second half of
    the text (computed once per document; its literals are lower case so that the scan runs
    as a case twin, :meth:`NormText.finditer`)."""
    return norm.memo("witness", lambda: [
        m.start() for m in norm.finditer(_WITNESS, len(norm.text) // 2)])


def find_signature_date(norm: NormText) -> Found | None:
    """The signing date stated in the signature block (from the last "IN WITNESS WHEREOF" /
    "Agreed and accepted" in the second half of the document, else its last
    :data:`SIGNATURE_CHARS` characters): the date after "executed ... as of / this / on" or
    "Dated:" (not a label of another date, "Open Date:"), or a filled-in date captioned "Date"
    in a signature form (:func:`_captioned`); when the parties signed on different dates, the
    latest (the agreement binds once the last party signs)."""
    text = norm.text
    start = max(0, len(text) - SIGNATURE_CHARS)
    heads = _witness_heads(norm)
    if heads:
        start = min(start, heads[0])
    signed = [(value, spans) for value, spans in _date_right_after(
        norm, _SIGNED_CUES, start, len(text), gap=12)
        if not _OTHER_DATE_LABEL.search(text, max(0, spans[0][0] - 40), spans[0][0])]
    signed += [(value, [span]) for value, span in dates_in(text, start, len(text))
               if _captioned(text, span) and not about_other_document(text, span)]
    if not signed:
        return None
    value, spans = max(signed, key=lambda found: found[0])  # the first of equal dates
    return value.isoformat(), spans


def _captioned(text: str, span: Span) -> bool:
    """Whether a form caption "Date" follows the date at ``span`` (:data:`_DATE_CAPTION`) and
    names no other event's date (:data:`_OTHER_DATE_LABEL`)."""
    caption = _DATE_CAPTION.match(text, span[1], span[1] + 120)
    return caption is not None and not _OTHER_DATE_LABEL.search(
        text, caption.start(), caption.end() - (caption.group().endswith(")")))


def find_effective_date(
    norm: NormText, made: Callable[[], Found | None] = lambda: None,
    inferred: Callable[[], Found | None] | None = None,
) -> Found | None:
    """When the agreement takes effect (ISO date and spans), in order: a date followed by its
    term ("... 2010 (the "Effective Date")"); what the agreement says of its own start when it
    names no date (:func:`.onset.find_onset`) — at its making ("shall become effective as of
    the day and year first above written") or its signing ("effective upon execution", "as of
    the date signed below") → ``made()`` (the agreement date), for a signing onset else the
    latest date beside the signatures; "on the day after the date of last signature" → that
    day; then a date after an effective or commencement cue ("effective as of" in the preamble
    or said of the agreement, "This Agreement takes effect / comes into force / shall apply as
    from / shall be valid from <date>", "The effective date of this Agreement is"); then the
    start of a stated period ("The contract period is 1 June 2005 to 31 May 2008",
    :func:`.term.find_term_period`); then the German and French rules (:mod:`.other_languages`:
    "tritt am 1. März 2024 in Kraft", "entre en vigueur le 1er mars 2024"); else ``None`` when
    the agreement starts on a time it does not date (""Effective Date" has the meaning of the
    "Closing Date"", "the first day of employment", a blank) or names an "Effective Date" it
    dates nowhere, and ``made()`` when it says nothing of its start — an agreement takes effect when
    it is made (decisions 101, 165); ``inferred``, when given, is called instead of ``made``
    for that last answer, so the caller can tell a date the text states from one it infers."""
    text = norm.text
    for m in date_matches(norm):
        if _EFFECTIVE_AFTER.match(text, m.end()) and parse_date(m):
            value = parse_date(m)
            if value is not None and 1950 <= value.year <= 2100:
                norm.note("effective_date", "defined_term")
                return value.isoformat(), [m.span()]
    onset = find_onset(norm)
    if onset is not None and onset[0] not in ("event", "undated"):
        found = _resolve_onset(norm, onset, made)
        if found is not None:
            norm.note("effective_date", f"onset_{onset[0]}")
            return found
    for cue, rule in zip(_EFFECTIVE_CUES, _EFFECTIVE_CUE_RULES, strict=True):
        for value, spans in _date_right_after(norm, cue, 0, len(text), gap=10):
            if cue is _EFFECTIVE_CUES[0] and not _said_of_it(text, spans[0][0]):
                continue
            norm.note("effective_date", rule)
            return value.isoformat(), spans
    for m in norm.finditer(_EFFECTIVE_DEFINED):
        if OTHER_TERM.search(text, max(0, m.start() - 30), m.start()):
            continue
        for value, span in dates_in(text, m.end(), min(len(text), m.end() + 100)):
            norm.note("effective_date", "definition")
            return value.isoformat(), [span]
    period = find_term_period(norm)
    if period is not None and not about_other_document(text, period[0][1][0]):
        norm.note("effective_date", "term_period")
        return period[0]
    # a German or French contract: "tritt am 1. März 2024 in Kraft", "entre en vigueur le ..."
    other = find_in_other_languages(norm, "effective_date")
    if other is not None:
        return other
    if onset is not None or is_amendment(norm):
        return None
    norm.note("effective_date", "made")
    return (inferred or made)()


_SAID_OF_IT = pattern("effective_date.said_of_it")


_OTHER_SUBJECT = pattern("effective_date.other_subject")


def _said_of_it(text: str, at: int) -> bool:
    """Whether the "effective <date>" whose date starts at ``at`` dates the agreement: in the
    preamble unless the sentence names something else that takes effect (:data:`_OTHER_SUBJECT`),
    or after a subject that is the agreement or its term in the same sentence, or as a label
    ("Effective: June 1, 2005")."""
    tail = _sentence_tail(text[max(0, at - 250):at])
    if at < PREAMBLE_CHARS:
        return _OTHER_SUBJECT.search(tail) is None
    m = _SAID_OF_IT.search(tail)
    return m is not None and bool(m.group("subject") or m.group("label"))


_AMENDMENT_TITLE = pattern("effective_date.amendment_title")
_RESTATED = pattern("effective_date.restated")
#: how far into the document an amendment names itself
AMENDMENT_OPENING_CHARS = 1000


def is_amendment(norm: NormText) -> bool:
    """Whether the document is an amendment of another agreement (:data:`_AMENDMENT_TITLE` in
    its first :data:`AMENDMENT_OPENING_CHARS` characters, not after "amended and restated"): the
    date it was made is the amendment's, not the date the agreement it amends took effect, so
    it is no fallback for the effective date."""
    title = _AMENDMENT_TITLE.search(norm.text, 0, AMENDMENT_OPENING_CHARS)
    # "FIRST AMENDMENT TO ... AGREEMENT ... a First Amendment to Second Amended and Restated
    # ... Agreement" is an amendment; "AMENDED AND RESTATED ... AGREEMENT" before it is not
    return title is not None and not _RESTATED.search(norm.text, 0, title.start())


def _resolve_onset(
    norm: NormText, onset: tuple[OnsetKind, Span], made: Callable[[], Found | None]
) -> Found | None:
    """The date of a ``made`` / ``signed`` / ``day_after_signing`` / ``month_after_signing``
    onset (the first of the month after the latest signature; see
    :func:`find_onset`), with the statement's span after the date's."""
    kind, span = onset
    if kind in ("day_after_signing", "month_after_signing"):
        found = find_signature_date(norm) or _latest_date_signed(norm)
        if found is not None:
            signed = dt.date.fromisoformat(found[0])
            day = (signed + dt.timedelta(days=1) if kind == "day_after_signing"
                   else (signed.replace(day=1) + dt.timedelta(days=32)).replace(day=1))
            found = day.isoformat(), found[1]
    elif kind == "signed" and _LAST_SIGNATURE.search(norm.text, span[0], span[1]) and (
            (made_date := made()) is None or made_date[1][0][0] > span[1]):
        # "effective as of the date of the last signature below", "upon signature by both
        # parties" with no date of making above it (the agreement date is a signature's,
        # below): the latest signing date (decision 288)
        found = find_signature_date(norm) or _latest_date_signed(norm) or made_date
    else:
        # the date the agreement says it was made on is the date it was executed; a date
        # beside the signatures when it names none ("effective as of the date signed below")
        found = made() or (_latest_date_signed(norm) if kind == "signed" else None)
    return None if found is None else (found[0], [*found[1], span])


_LAST_SIGNATURE = pattern("effective_date.last_signature")


def _latest_date_signed(norm: NormText) -> Found | None:
    """The latest date after the signature block's heading ("IN WITNESS WHEREOF", "Agreed and
    Accepted") with or without a signing cue — for an agreement that says it takes effect
    when signed, a date beside a signature is its signing date, however the PDF laid out the
    form ("Date: /s/ Michael Weinhold ... 3/19/07")."""
    text = norm.text
    heads = _witness_heads(norm)
    if not heads:
        return None
    dates = [(value, span) for value, span in dates_in(text, heads[-1], len(text))
             if not about_other_document(text, span)]
    if not dates:
        return None
    value, span = max(dates)
    return value.isoformat(), [span]
