"""When the agreement was made and when it takes effect."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator

from .dates import date_matches, dates_in, parse_date
from .onset import OTHER_TERM, OnsetKind, find_onset
from .term import find_term_period
from .text import PREAMBLE_CHARS, Found, NormText, Span

#: cues that say when the agreement was made: "dated (as of)", "made (and entered into) as of /
#: on / this", "entered into on this", "executed as of", "Date:"
_MADE = (r"dated\s+(?:as\s+of\s+)?|made\s+(?:and\s+entered\s+into\s+)?(?:as\s+of\s+|on\s+|"
         r"this\s+)?|entered\s+(?:into\s+)?(?:as\s+of\s+|on\s+)?(?:this\s+)?|executed\s+(?:as\s+of\s+|on\s+)"
         r"|date(?:d)?\s*:\s*"
         # common wordings neither half of the corpus uses (decision 251): "Date of Agreement:",
         # "signed (by the parties) on", "concluded on", "made and concluded in Beijing on",
         # "hereby enter into this Agreement on", "On this 1st day of June, 2005, ..." (lower-case
         # literals only, so that the scan runs as a case twin, :meth:`NormText.finditer`)
         r"|date\s+of\s+(?:this\s+)?agreement\s*:\s*|signed\s+(?:by\s+(?:both\s+|the\s+)?parties\s+)?"
         r"(?:on|as\s+of)\s+(?:this\s+)?|(?:(?:made|entered\s+into|signed|executed)\s+and\s+)?"
         r"concluded\s+(?:(?:in|at)\s+[a-z][\w-]*(?:,?\s+[a-z][\w-]*){0,3}?\s+)?(?:on|as\s+of)\s+"
         r"(?:this\s+)?|enter(?:s|ed)?\s+into\s+this\s+(?:agreement|contract)\s+(?:on|as\s+of)\s+"
         r"(?:this\s+)?|\bon\s+this\s+")
_MADE_CUES = re.compile(rf"(?:{_MADE})(?:the\s+)?", re.IGNORECASE)
#: the made cues and an "as of" said of the agreement ("shall be effective as of May 1, 2020",
#: "execute this Agreement as of"), not any "as of" ("held for use in the Company Field as of
#: November 14, 2018")
_AGREEMENT_CUES = re.compile(
    rf"(?:{_MADE}|(?:effective(?!\s+date)|execut\w+|accepted|agreed|agreements?|contract)\b"
    # a dot before a comma, "and" or a parenthesis ends no sentence ("by and between Acme
    # Inc. and Beta LLC as of")
    r"(?:[^.;\d]|\.(?=,|\s+and\b|\s+\()){0,120}?\bas\s+of\s+)(?:the\s+)?", re.IGNORECASE)
#: the end of a sentence; ``_ABBREVIATION`` marks the dots that do not end one ("Acme, Inc. and")
_SENTENCE_END = re.compile(r"[.;]\s+(?=[A-Z(]|$)")
_ABBREVIATION = re.compile(r"\b(?:Inc|Corp|Co|Ltd|L\.?L?\.?[CP]|N\.A|S\.A|No|Mr|Ms|Dr|St|[A-Z])$")
_EFFECTIVE_CUES = [
    # "effective as of <date>" in the preamble or said of the agreement (:func:`_said_of_it`),
    # not "the price list effective January 1, 2006" in an exhibit; a label "Effective:"; a
    # date reached back to ("effective retroactive to", "effective retroactively as of")
    # ... "with effect (as) from" as a British or European contract puts it (decision 286)
    re.compile(r"(?:effective|with\s+effect)\s*(?::\s*|(?:retroactive(?:ly)?\s+(?:to|as\s+of|"
               r"from)\s+|as\s+of\s+|on\s+|(?:as\s+)?from\s+(?:and\s+after\s+)?)?)(?:the\s+)?",
               re.IGNORECASE),
    re.compile(r"effective\s+date\W{0,3}\s*(?:of\s+(?:this|the)\s+(?:agreement|contract)\s+)?"
               r"(?:shall\s+be|means|is|of|:)?\s*(?:the\s+)?", re.IGNORECASE),
    # the agreement or its term commences, not a phase or a period ("Phase I will commence
    # on August 1, 2010", ""Restriction Period" means the period commencing on")
    re.compile(r"\b(?:agreement|term|contract)\b[^.;]{0,60}?\bcommenc(?:e|es|ing)\s+"
               r"(?:on|as\s+of)\s+(?:the\s+)?", re.IGNORECASE),
    # the agreement or its term as the subject of a verb of starting: "This Agreement takes
    # effect on", "shall come / enter into force on", "The term of this Agreement shall start
    # on", "shall be binding as of" (not "the fiscal year which begins on")
    # ... also as contracts drafted in Europe put it: "shall apply as from", "shall be valid /
    # in force from", "shall run from", "shall have retroactive effect from", "shall be deemed
    # to have commenced on" (decision 265)
    re.compile(r"\b(?:agreement|term|contract)(?:\s+of\s+th(?:is|e)\s+(?:agreement|contract))?"
               r"\s+(?:(?:shall|will|is\s+to|to)\s+)?(?:be\s+deemed\s+to\s+have\s+)?"
               r"(?:(?:commence|begin|start)[sd]?|takes?\s+effect|"
               r"(?:comes?|enters?)\s+into\s+(?:force|effect)|(?:be|is)\s+(?:in\s+force\s+)?with\s+"
               r"effect|(?:be|is)\s+binding|appl(?:y|ies)|(?:be|is)\s+(?:valid|in\s+(?:full\s+)?force)|"
               r"runs?|(?:have|has)\s+retroactive\s+effect|covers?\s+the\s+period|"
               # "shall become operative on" (decision 286)
               r"(?:be(?:come)?|is|becomes)\s+operative)\s+"
               r"(?:on|as\s+of|(?:as\s+)?from)\s+(?:the\s+)?", re.IGNORECASE),
    # "COMMENCEMENT DATE FOR MAINTENANCE UNDER THIS ADDENDUM: MARCH 1, 2001"
    re.compile(r"(?:effective|commencement)\s+date\b[^.;:]{0,60}:\s*", re.IGNORECASE),
    # a form's "Start Date:" / "Contract Start Date:", not another thing's ("Project Start
    # Date:", a word right before it) (decision 290)
    # (the pattern starts at "start", so the scan does not stop at every "agreement")
    # ... or an order form's "Subscription Start Date:", a SOW's "SOW Start Date:" (decision 304)
    re.compile(r"(?:(?<=contract\s)|(?<=agreement\s)|(?<=subscription\s)|(?<=\bsow\s)|"
               r"(?<![a-z]\s)(?<![a-z]))start\s+date\s*:\s*", re.IGNORECASE),
    # "This Agreement shall apply retroactively to January 1, 2005"
    re.compile(r"\b(?:agreement|contract)\b[^.;]{0,40}?\bappl(?:y|ies)\s+retroactively\s+"
               r"(?:to|as\s+of|from)\s+(?:the\s+)?", re.IGNORECASE),
]
#: the rule ids of :data:`_EFFECTIVE_CUES`, in order (:meth:`.text.NormText.note`)
_EFFECTIVE_CUE_RULES = ("effective_as_of", "effective_date_is", "commences_on", "takes_effect_on",
                        "date_label", "start_date_label", "applies_retroactively")
#: a definition: ""Effective Date" means 12:01 a.m. Eastern Standard Time on March 3, 2003",
#: ""Commencement Date" means 1 April 2020" (not another's: "Option Starting Date", "Promotion
#: Commencement Date", :data:`.onset.OTHER_TERM`)
_EFFECTIVE_DEFINED = re.compile(
    r"(?:effective|commencement)\s+date\W{0,3}\s*(?:shall\s+mean|means)\b"
    r"(?![^.;]{0,40}\b(?:earlier|later|earliest|latest)\s+of\b)",
    re.IGNORECASE)
#: after a date, its defined term: "(the "Effective Date")", ", hereinafter the "Effective Date"",
#: ", hereinafter called the Effective Date", "("the Effective Date)"; a form's year after the
#: filled-in date is skipped ("as of 12-23-2019 , 2019 (the "Effective Date")")
#: — a parenthesis or a quote, not the next form field ("27 April 2006 Effective Date 01 ...")
_EFFECTIVE_AFTER = re.compile(r"(?:\s*,\s*(?:19|20)\d\d)?\W{0,4}\s*(?:\(|,)\s*(?:hereinafter\s+"
                              r"(?:referred\s+to\s+as\s+|called\s+)?)?\"?(?:the\s+)?\"?effective\s*date"
                              r"|\s*\"effective\s*date",
                              re.IGNORECASE)


#: before a date: it belongs to another document ("that certain Agreement and Plan of Merger
#: dated as of", "the General Consulting Agreement between the parties dated", "on or about",
#: "confirmed by letter dated", "a certificate of trust dated as of", "(... the "Trust
#: Agreement")) dated as of")
_OTHER_BEFORE = re.compile(
    r"(?:\bthat\s+certain\b[^.;]{0,300}|\bcertain\s+[A-Z]|\b(?i:an|one|the|its|their|a|each|such)\s+"
    r"(?:[A-Z][\w-]*,?\s+(?:and\s+|&\s+|of\s+|to\s+)?){1,8}(?:Agreement|Plan|Contract|Letter|"
    r"Lease|Indenture|License|Note|Amendment)s?\b(?:\s+\([^)]{0,60}\))?(?:\s+(?:between|by|among|"
    r"with|of)\b[^.;]{0,120})?|\b(?:an?|prior|previous|existing|original|separate)\s+"
    r"(?:\w+\s+){0,3}agreement\b[^.;]{0,120}|\bon\s+or\s+about"
    r"|\b(?i:letter|notice|certificate|proposal|memorandum|resolutions?|order|schedule)\b"
    r"[^.;,]{0,40}(?=\s+dated)"
    # an SEC filing: "the Schedule 13G/A with respect to the shares of ..., dated as of"
    r"|\b(?:Schedule|Form)\s+\d{1,2}[A-Z]{0,2}(?:-[A-Z0-9]{1,3})?(?:/A)?\b.{0,200}?(?=,?\s*dated\b)"
    r"|\"(?!(?:Agreement|Contract)\")(?=[A-Z])[^\"]{0,50}(?:Agreement|Plan|Contract|Lease|License|"
    r"Indenture|Note)\"\)*(?:\s*,\s*in\s+each\s+case)?)"
    r"\s*,?\s*(?:dated|entered\s+into|made|executed|effective)?\s*(?:as\s+of|on|of)?\s*"
    r"(?:the\s+)?$"
)
#: after a date, a defined term; another document's ("(the "Merger Agreement")", "(the "Trust
#: Certificate")") or another event's ("("Eligible Account Holders")", "(the "Vesting Date")")
_DEFINED_AFTER = re.compile(
    r"\s*,?\s*(?:\([^)]{0,40}\)\s*)?\(\s*(?:as\s+[^)]{0,60})?(?:(?:collectively|together|each)\s*,?\s*)?"
    r"(?:the\s+|this\s+)?\"(?P<name>[^\"]{1,50})\"",
)
#: defined terms that may name the contract itself (also an acronym, "GMMA") or its own dates
#: (any "... Date": an agreement "effective November 14, 2014 (the "Separation Date")" takes
#: effect then)
_OWN_TERM = re.compile(r"date\b|^(?:agreement|amendment|contract|addendum|(?-i:[A-Z]{2,8}))$",
                       re.IGNORECASE)
#: ... but not the date of a later event ("(the "Vesting Date")", "(the "Expiration Date")")
_LATER_TERM = re.compile(r"(?:expiration|expiry|termination|end|due|payment|delivery|installation|"
                         r"completion|launch|renewal|maturity|vesting)\s+date\b", re.IGNORECASE)
#: an EDGAR filing stamp before a date: "Source: CARDLYTICS, INC., S-1, 1/12/2018" (PDF text
#: may glue it to the word before: "vTIP2010Source:")
_FILING_STAMP = re.compile(r"Source:\s[^:]{2,120}?,\s*[\w/.() -]{1,20},\s*$")
#: the document's own housekeeping before a date: when it was filed, drafted, revised or
#: printed, the period of the report it was filed with, a document-management stamp ("filed
#: separately with the SEC on March 15, 2006", "Draft of 2/1/05", "Exhibit 10.5 to Form 10-K for
#: the fiscal year ended December 31, 2005", "NY1:\\1234567\\02 02/01/2005")
_HOUSEKEEPING = re.compile(
    r"(?:\b(?:draft|revised|revision|printed|print\s+date|filed|filing|confidential\s+treatment|"
    r"pursuant\s+to\s+rule|(?:fiscal\s+)?(?:year|quarter|period)\s+ended|form\s+\d{1,2}-?[kq])"
    # ... not across the agreement's own opening ("HAVE BEEN SEPARATELY FILED WITH THE
    # COMMISSION 1 ENDORSEMENT AGREEMENT This Agreement is entered into on January 13, 2005")
    r"\b(?:(?!\b(?:agreement|contract)\b)[^.;]){0,60}|\\[^\s]*\s*)$", re.IGNORECASE)
#: words between a cue and a date that make it another time ("made to the Trust on or after
#: July 30, 2002", "from the Effective Date until December 31, 2018")
_GAP_STOP = re.compile(r"\b(?:after|before|until|till|through|prior|following|within|ending|"
                       r"than|later|earlier|not|or)\b", re.IGNORECASE)


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
    if re.search(r"\b(?:this|the\s+present)\s+(?:[\w-]+\s+){0,3}(?:agreement|contract)\b"
                 r"[^.;]{0,40}$",
                 sentence, re.IGNORECASE):
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


#: where the signature block starts ("IN WITNESS WHEREOF, the parties have executed ...")
_WITNESS = re.compile(r"\bin\s+witness\s+whereof|\bsignature\s+page|\bagreed\s+(?:and|&)\s+"
                      r"accepted|\baccepted\s+(?:and|&)\s+agreed", re.IGNORECASE)
#: a signing date in the signature block: "executed this Agreement as of the 22nd day of May
#: 2001", "executed this Agreement effective the 1st day of June, 2005", "Accepted and Agreed
#: as of Feb. 8, 2011", "Dated: 3/15/2018", "Date 12/9/02" (a form field "Date", not
#: "issuance date March 26, 2019" in a sentence), "Done at Brussels, 1 June 2005"
_SIGNED_CUES = re.compile(
    r"(?:(?:executed|signed|signature\w*|entered\s+into|made|agreed|accepted|delivered)\b"
    r"[^.;\d]{0,80}"  # no digit: the cue word nearest before the date, not one past it
    r"\b(?:as\s+of|on|this|dated|effective)|\b(?:(?-i:Date|DATE)|dated)\b\s*:?|\bas\s+of"
    # the place, then the date: "Executed in two originals in Zurich, 1 June 2005", "Done at
    # Brussels, 1 June 2005"
    r"|(?:executed|signed|done)\b[^.;\d]{0,60}?\b(?:in|at)\s+"
    r"(?-i:[A-Z][\w-]+(?:\s+[A-Z][\w-]+){0,2}),"
    # a form's "Place and date: Munich, June 1, 2005", "Date and place: June 1, 2005, Munich"
    r"|(?:place\s+and\s+date|date\s+and\s+place)\s*:(?:\s*(?-i:[A-Z][\w-]+(?:\s+[A-Z][\w-]+){0,2}),)?"
    # a bare place and date above a signature: "Munich, 3 March 2005", "Zurich, June 7, 2005"
    r"|(?-i:[A-Z][\w-]+(?:\s+[A-Z][\w-]+){0,2}),(?=\s+(?:\d{1,2}(?:st|nd|rd|th)?\.?\s+(?-i:[A-Z])"
    r"|(?-i:[A-Z])[a-z]+\.?\s+\d)))"
    r"\s+"
    r"(?:the\s+)?"
    r"(?:date\s+)?",
    re.IGNORECASE,
)
#: a form's caption after a filled-in signing date, beside it or on the next line: "Maura Lynch
#: Gray 1/14/02 ------ Name (type or print) Date", "January 22, 2020 (Date)"; not a "Date:"
#: label, which names the date after it
_DATE_CAPTION = re.compile(r"[\s_|-]*(?:[^\s\d]+\s+){0,5}?\(?(?-i:Date|DATE)\b\)?(?!\s*:)",
                           re.IGNORECASE)
#: events after the agreement is made whose date a label may give ("Expiration Date: August
#: 31, 2006", "Delivery Date:")
_LATER_EVENTS = (r"expiration|expiry|termination|end|closing|due|payment|delivery|installation|"
                 r"completion|launch|renewal|maturity|vesting|open(?:ing)?")
#: a label naming a later event's date: not the date the agreement was made
_LATER_DATE_LABEL = re.compile(rf"\b(?:{_LATER_EVENTS})\s+date\b\W{{0,3}}$", re.IGNORECASE)
#: in a signature block, also a label or caption of the date the agreement starts or of another
#: record: "PIP Approval Date : Sep-08-2013", "(the Effective Date)"
_OTHER_DATE_LABEL = re.compile(
    rf"\b(?:{_LATER_EVENTS}|approval|effective|commencement|start|renovation|issue|issuance|"
    r"birth)\s+date\b\W{0,3}$",
    re.IGNORECASE)
#: the last characters of a document searched when it has no signature-block heading
SIGNATURE_CHARS = 2500
#: how far into the document its first date may be taken as the agreement date
_FIRST_DATE_CHARS = 1500


def find_agreement_date(norm: NormText) -> Found | None:
    """The date the agreement was made: a date right after a "dated/made/entered into ...
    as of" cue in the preamble, else the first date of the preamble, else the signing date
    of the signature block (:func:`find_signature_date`)."""
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
    return find_signature_date(norm)


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
    :func:`.term.find_term_period`); else ``None`` when the agreement starts on a time it
    does not date (""Effective Date" has the meaning of the "Closing Date"", "the first day of
    employment", a blank) or names an "Effective Date" it dates
    nowhere, and ``made()`` when it says nothing of its start — an agreement takes effect when
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
    if onset is not None or is_amendment(norm):
        return None
    norm.note("effective_date", "made")
    return (inferred or made)()


#: before "effective <date>": the subject is the agreement or its term ("This Agreement shall
#: be effective as of", "the terms of this agreement are effective as of"), a label
#: ("Effective:"), or what is so dated is the document ("... Agreement, effective as of")
_SAID_OF_IT = re.compile(r"(?P<subject>\b(?:agreement|contract|amendment|addendum|term|terms|"
                         r"hereof|hereto|nda)\b.*)?\b(?:effective|with\s+effect)(?P<label>\s*:)?"
                         r"[^.;\d]{0,30}$",
                         re.IGNORECASE)


#: what else takes effect on a date in a contract's opening pages: "The prices in Exhibit A
#: are effective as of", "the insurance policy effective", "The Act, as amended effective",
#: "registration with the FDA, effective", "the Original Agreement was entered into effective as
#: of"
_OTHER_SUBJECT = re.compile(
    r"\b(?:prices?|pricing|rates?|tariffs?|fees?|polic(?:y|ies)|act|statutes?|laws?|"
    r"regulations?|rules?|plans?|registrations?|permits?|certificates?|as\s+amended|appointment|"
    r"resignation|merger|acquisition|(?:original|existing|prior|previous|underlying)\s+"
    r"(?:[\w-]+\s+)?(?:agreement|contract))\b(?:(?!\b(?:agreement|contract)\b)[^.;])*$",
    re.IGNORECASE)


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


#: an amendment's title or defined name in its opening: "AMENDMENT NO. 2 Dated as of", "FIRST
#: AMENDMENT TO DISTRIBUTOR AGREEMENT", "(this "Amendment")" (not "a second Amendment to
#: Schedule 13D" a letter mentions); not an "Amended and Restated" agreement, which restates
#: the whole contract
_AMENDMENT_TITLE = re.compile(
    r"\b(?-i:AMENDMENT\s+(?:NO\.?|NUMBER)\s*\d|Amendment\s+(?:No\.?|Number)\s*\d)"
    r"|\b(?:first|second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))\s+amendment\s+to\s+"
    r"(?:[\w&,.-]+\s+){0,8}?(?:agreement|contract|lease|licen[cs]e)\b"
    r"|\(\s*(?:this\s+|the\s+)?\"(?:[\w-]+\s+)?amendment\"\s*\)",
    re.IGNORECASE)
_RESTATED = re.compile(r"amended\s+and\s+restated", re.IGNORECASE)
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


#: a signing onset that names the last signature: "the date of the last signature", "the
#: later of the dates", "signed by both parties", "executed by all the parties"
_LAST_SIGNATURE = re.compile(r"\b(?:last|later|latest|both|all)\b", re.IGNORECASE)


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
