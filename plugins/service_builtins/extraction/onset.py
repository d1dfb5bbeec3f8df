"""What a contract says of when it takes effect when it names no date: "This Agreement shall
become effective upon execution", "effective as of the date first written above", ""Effective
Date" has the meaning of the "Closing Date"", "made as of ___________, 2003 (the "Effective
Date")". :func:`find_onset` classifies the statement; :mod:`.contract_dates` turns it into a
date (or none)."""

from __future__ import annotations

import re
from typing import Literal

from .dates import DATE_RE
from .text import NormText, Span

#: what an onset names: the agreement's making, its signing, the day after the last signature,
#: another time the text does not date, or nothing but a defined term that is dated nowhere
OnsetKind = Literal["made", "signed", "day_after_signing", "month_after_signing", "event",
                    "undated"]

#: a character of the same clause: a period before a lower-case letter or a comma ends none
#: ("12:01 a.m., Eastern Time, on the day after"), nor the one closing "a.m." / "p.m."; the
#: letter's case is tested case-sensitively inside the case-insensitive statements, so that
#: "upon signature by both parties. Signed on July 1, 2005" ends at "parties" (decision 286)
_IN_CLAUSE = r"(?:[^.;]|\.(?=\s*(?-i:[a-z,]))|(?<=[ap]\.m)\.)"
#: ... the same inside the subject of a case-insensitive pattern ("This Agreement between Acme
#: Inc. and Beta LLC shall be effective"; not "... consideration. This licence shall")
_IN_SUBJECT = r"(?:[^.;]|\.(?=\s*(?-i:[a-z,])))"
#: the agreement itself as the subject of a clause ("This Agreement", "the term of this
#: Agreement", "The Agreement executed offline"); not "notices under this Agreement"
_ONSET_SUBJECT = (r"(?:\b(?:this|the\s+present)\s+(?:[\w-]+\s+){0,4}?|\bthe\s+)"
                  r"(?:agreement|contract|undertaking|covenant)\b")
#: what may stand before that subject: a sentence or clause start, "that", "whereas",
#: "caused" or "have (duly) executed / signed" (the witness clause: "have hereunto executed
#: this Agreement on the 1st day of JUNE, 2006, but effective as of the Date of
#: Commencement"); a capitalised "This" / "The" starts a sentence anyway
_ONSET_BEFORE = re.compile(r"(?:^|[.;:)\]]|\d|\b(?:that|whereas,?|caused|and|but)|"
                           r"\b(?:have|has)\s+"
                           r"(?:\w+\s+)?(?:executed|signed))\s*$",
                           re.IGNORECASE)
#: "... shall become effective / takes effect / comes into force / commences on / as of / upon
#: / when <onset>", from the keyword on (the subject before it: :data:`_ONSET_SUBJECT_BEFORE`)
_ONSET_STATEMENT = re.compile(
    r"(?P<verb>effective|effect|into\s+(?:full\s+)?(?:force|effect)|commenc(?:e|es|ing)|begins?|"
    r"binding|valid|operative)"
    r"\s*,?\s+(?:only\s+)?(?:immediately\s+)?(?P<prep>as\s+(?:of|from)|on|from|upon|when|at|"
    r"beginning\s+on|with\s+effect\s+from|until|after|following)\b\s*(?P<obj>" + _IN_CLAUSE
    + "{0,160})",
    re.IGNORECASE,
)
_ONSET_STATEMENT_CUE = re.compile(r"effective|effect\b|into\s+(?:full\s+)?(?:force|effect)|commenc|"
                                  r"begin|binding|valid|operative", re.IGNORECASE)
#: the agreement as the subject before the keyword: "This Agreement shall (not) become", "the
#: term of this agreement is", "This Agreement takes" / "comes"; not "This Agreement may be
#: terminated ..., effective immediately upon written notice"
_ONSET_SUBJECT_BEFORE = re.compile(
    _ONSET_SUBJECT + r"(?:(?!\b(?:terminat|amend|assign|waiv|modif|notic|cancel|renew|extend|"
    r"suspend|expir))" + _IN_SUBJECT + r"){0,80}?(?P<neg>\bnot\s+(?:\w+\s+){0,2})?"
    r"(?P<aux>\b(?:take[sn]?|taking|"
    # "This Agreement shall be in effect as of the date first above written"
    r"come|comes|enter|enters|(?P<in>(?:be|is)\s+in))\s+)?$",
    re.IGNORECASE,
)
#: a definition of the agreement's own effective or commencement date ("Effective Date"
#: means / has the meaning / shall be ..."); not another date's ("Amendment Effective Date")
_ONSET_DEFINED = re.compile(
    # ... or a form's "Start Date:" (decision 290)
    r"(?-i:Effective\s+Date|EFFECTIVE\s+DATE|Commencement\s+Date|Start\s+Date|START\s+DATE)"
    r"\"?\s*(?:\)\s*)?(?:of\s+this\s+(?:agreement|contract)\s+)?(?::\s*)?"
    r"(?:shall\s+mean|means|(?:shall\s+have|has)\s+the\s+meaning|"
    # "The Effective Date of this Agreement shall be the date on which the last party signs", a
    # form's "Effective Date: the date of the last signature below"
    r"(?:shall\s+be|is)(?=\s+(?:the|that)\b)|is\s+defined\s+as|:)\s*(?P<obj>" + _IN_CLAUSE
    + "{0,160})",
    re.IGNORECASE,
)
#: the defined term after its onset: "(the "Effective Date")", "(hereinafter referred to as
#: the "Effective Date")"
_ONSET_NAMED = re.compile(
    r"\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?\""
    r"(?-i:Effective\s+Date|Commencement\s+Date)\"?\s*\)",
    re.IGNORECASE,
)
#: ... and before it "<made / effective / entered into> as of <onset>" or a bare "as of <onset>"
#: (the cue nearest before)
_ONSET_NAMED_BEFORE = re.compile(
    r"(?:\b(?:effective|made|entered\s+into|dated|executed|commencing|beginning)\s+"
    r"(?:(?:as\s+of|on|from|upon|at)\s+)?|"
    # a bare "as of" after the parties ("entered into by and between Acme Inc. ("Licensor") and
    # Beta LLC ("Licensee") as of the date of the last signature below (the "Effective
    # Date")", decision 302)
    r"\bas\s+of\s+)(?P<obj>(?:(?!\b(?:effective|made|entered|dated|"
    r"executed|commencing|beginning)\b)(?![()])" + _IN_CLAUSE + r"){0,120}?)\s*,?\s*$",
    re.IGNORECASE,
)
#: keywords every onset statement or definition starts with or contains (for the scan)
_ONSET_CUE = re.compile(r"effective|effect\b|into\s+force|commenc|begin|start\s+date",
                        re.IGNORECASE)
#: an onset naming the agreement's own making: "the date first written above", "the date
#: hereof", "the date of this Agreement", "the Date of the Agreement", "the day and year first
#: hereinabove set forth", "the date set forth on the first page", (has the meaning set forth)
#: "in the Preamble"
_ONSET_MADE = re.compile(
    r"(?:the\s+)?(?:date|day)s?\b[^.;]{0,60}?\b(?:hereof|above|hereinabove|hereinbefore|"
    r"(?:first|cover)\s+page|preamble|(?:first|introductory|opening)\s+paragraph)\b"
    r"|(?:[\w-]+\s+){0,5}?(?:of|in|on)\s+the\s+(?:preamble|(?:first|introductory|opening)\s+"
    r"paragraph|(?:first|cover)\s+page)\b"
    r"|(?:the\s+)?date\s+of\s+(?:this|the)\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract|letter)\b"
    r"(?!\s+(?:between|with|dated))|(?:the\s+)?agreement\s+date\b",
    re.IGNORECASE,
)
#: an onset naming its signing: "execution", "the last date of execution by both parties",
#: "the date signed below", "when executed", "the signatures and seals of both Parties",
#: "each party hereto shall have received a counterpart hereof signed by the other party", "the
#: date stated below" (beside the signatures)
_ONSET_SIGNED = re.compile(r"[^.;]{0,80}?\b(?:execut(?:e|ed|es|ion)|"
                           r"(?:counter)?sign(?:s|ed|ing|atures?))\b"
                           r"|(?:the\s+)?dates?\b[^.;]{0,40}?\bbelow\b", re.IGNORECASE)
#: the earlier or later of two times ("the latest of (a) the date of the last signature ... or
#: (b) if a HSR filing is made, ..."): not the signing
_ONSET_EITHER = re.compile(r"(?:the\s+)?(?:earlier|later|earliest|latest)\s+(?:to\s+occur\s+)?of\b",
                           re.IGNORECASE)
#: ... unless both are signing dates: "the later of the dates set forth below", "the latest of
#: the dates on which the parties sign" (no second event: "(b)", "or the date ...", "and the ...")
_ONSET_LATER_SIGNING = re.compile(
    r"(?:the\s+)?(?:later|latest)\s+of\s+the\s+(?:two\s+|respective\s+)?dates\b"
    r"(?:(?!\b(?:or|and)\b|\()[^.;]){0,60}?\b(?:below|sign\w*|execut\w+)\b"
    r"(?![^.;]{0,40}(?:\b(?:or|and)\s+(?:the|an?|any|such)\b|\(\s*(?:b|ii)\s*\)))",
    re.IGNORECASE)
#: another agreement named in an onset ("until the Employment Agreement has been executed")
_ONSET_OTHER = re.compile(r"\b(?:the|such|an?)\s+(?:[A-Z][\w-]*\s+){1,4}(?-i:Agreement)\b")
#: an onset that is a time: a date, a day, the closing, the first day of employment ...
_ONSET_TIME = re.compile(
    r"(?:the\s+|a\s+|its\s+|such\s+|that\s+)?(?:[\w'-]+\s+){0,3}?(?:date|day|time|closing|"
    r"consummation|completion|occurrence|satisfaction|fulfil\w*|receipt|approval|effectiveness|"
    r"commencement|start|beginning|first|earlier|later|earliest|latest)\b",
    re.IGNORECASE,
)
_ONSET_DAY_AFTER = re.compile(_IN_CLAUSE + r"{0,60}?\bday\s+after\s+the\s+date\s+of\s+(?:the\s+)?"
                              r"last\s+signature", re.IGNORECASE)
#: "the first day of the (calendar) month following its signature / the date of execution":
#: as contracts drafted in Europe start
_ONSET_MONTH_AFTER = re.compile(
    r"(?:the\s+)?first\s+day\s+of\s+the\s+(?:calendar\s+)?month\s+(?:following|after)\s+"
    r"(?:the\s+)?(?:date\s+of\s+)?(?:its\s+|the\s+|the\s+last\s+)?(?:signature|execution|signing)\b",
    re.IGNORECASE)
#: an onset that points at the defined term itself ("on the Effective Date"): no statement
_ONSET_TERM = re.compile(r"(?:the\s+|its\s+)?\"?(?-i:Effective|EFFECTIVE|Commencement)\s+"
                         r"(?-i:Date|DATE|Time)\b", re.IGNORECASE)
#: a capitalised word before "Effective Date": another date's term ("Amendment Effective Date")
OTHER_TERM = re.compile(r"\b(?!(?:The|THE|This|THIS|Its|ITS)\b)(?-i:[A-Z][\w-]*)\s+\"?$")
#: the agreement's own effective date or time used as a defined term ("shall commence on the
#: Effective Date"); not a heading ("6. Effective Date and Term")
_TERM_USED = re.compile(r"(?-i:Effective\s+(?:Date|Time)|EFFECTIVE\s+(?:DATE|TIME))\b"
                        r"(?!\s+(?:and|&)\s+(?-i:[A-Z]))", re.IGNORECASE)
#: ... of another agreement or event: "the Effective Time (as defined in the Merger
#: Agreement)", "the Effective Time of the Merger"
_TERM_OF_OTHER = re.compile(r"\s*(?:\(\s*as\s+defined\s+in\b|of\s+(?:the\s+|such\s+)?(?-i:[A-Z]))",
                            re.IGNORECASE)
#: the defined term located beside the signatures: "as of the Effective Date set forth on the
#: signature page", "the Effective Date stated below" (the date a signatory wrote there)
_TERM_DATED_BELOW = re.compile(
    r"\"?\s*(?:set\s+forth|stated|specified|indicated|written|shown|entered)\s+(?:below\b|"
    r"(?:on|in|under|beneath|beside|next\s+to)\b[^.;]{0,30}?\b(?:signature|execution)\s+"
    r"(?:page|block|line)s?\b)",
    re.IGNORECASE)
#: an onset left blank in the form ("made as of ___________, 2003")
_BLANK = re.compile(r"_{3,}|\[\s*_*\s*\]")


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
