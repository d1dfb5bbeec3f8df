"""The agreement's initial term and its end: "the term of this Agreement shall be two (2)
years from the Effective Date", "expires on December 31, 2010", "until the fifth anniversary
of the Effective Date"."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .dates import DATE_RE, add_duration, date_matches, dates_in, parse_date
from .durations import duration, duration_matches, parse_duration
from .text import Found, NormText, Span, sentence_start

_EXPIRY_CUES = re.compile(
    r"(?:expiration\s+date\s+of\s+(?:this|the)\s+(?:agreement|contract)\s+(?:shall\s+be|is)|"
    # "shall be in effect from the Effective Date to"
    r"from\s+the\s+(?:effective|commencement)\s+date\s+to|"
    # "shall expire by its terms on"
    r"expir(?:e|es|ing|ation|y)(?:\s+date)?(?:\s+by\s+its\s+(?:own\s+)?terms)?(?:\s+(?:on|of|at))?|"
    r"terminat(?:e|es|ing)\s+(?:automatically\s+)?(?:on|at)|laps(?:e|es|ing)\s+on|"
    # "a term ending May 31, 2008", not "the Contract Year ending October 31, 1999"
    r"comes?\s+to\s+an\s+end\s+on|(?<!year\s)(?<!quarter\s)(?<!month\s)(?<!period\s)(?<!week\s)"
    r"ending|"
    r"(?:until|till|through)(?:\s+and\s+including)?|up\s+to\s+and\s+including|end(?:s|ing)?\s+(?:on|at)|"
    # "shall continue in force up to 31 December 2010", a form's "End Date:" (decision 287)
    # (checked in :func:`find_expiration_date`: the cue is "up to" alone, so that the scan
    # does not stop at every "in")
    r"(?P<up_to>up\s+to)(?!\s+and)|(?:end|termination)\s+date\s*:)"
    r"\s+(?:the\s+)?"
    r"(?:close\s+of\s+business\s+on\s+)?"
    r"(?:midnight\s+(?:on\s+)?)?(?:11:59\s*p\.?m\.?\s+(?:\w+\s+time\s+)?on\s+)?",
    re.IGNORECASE,
)
#: "<date> to / through <date>": the end of a stated period
#: a date that closes the definition of the term: `December 31, 2006 (the "Term")`, `until
#: December 31, 2018 (the initial "Services Term")`
_NAMES_THE_TERM = re.compile(
    r"\s*\(\s*(?:the\s+)?(?:initial\s+)?[\"“](?:initial\s+)?(?:(?!renewal|extend|extension)"
    r"[A-Z][\w-]*\s+)?term[\"”]\s*\)",
    re.IGNORECASE)
_PERIOD_JOIN = re.compile(
    r"\s*(?:,\s*)?(?:to|through|until|till|-|\u2013)\s+(?:and\s+including\s+)?", re.IGNORECASE
)
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "fifteenth": 15,
    "twentieth": 20, "twenty-fifth": 25, "thirtieth": 30,
}
_ORDINAL_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
#: "the four-year anniversary of the Effective Date"
_CARDINALS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
              "eight": 8, "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20}
_CARDINAL_WORD = "|".join(_CARDINALS)
#: what a relative term is counted from when it is the start of the agreement
_START_ANCHOR = (
    r"(?:the\s+)?(?:date\s+(?:hereof|of\s+(?:this|the)\s+(?:letter\s+)?(?:agreement|contract|letter)|"
    r"first\s+(?:written|set\s+forth)\s+above|of\s+(?:its\s+)?(?:execution|signature|signing)|"
    r"(?:on\s+)?which\s+this\s+agreement\s+is\s+(?:executed|signed))|"
    r"effective\s+date(?:\s+of\s+this\s+agreement)?|execution\s+(?:date|hereof|of\s+this\s+"
    r"agreement)|commencement\s+date|(?:this\s+)?agreement\s+date)"
)
_ANNIVERSARY_RE = re.compile(
    r"(?P<cue>terminat(?:e|es|ing)|expir(?:e|es|ing)|end(?:s|ing)?|until|through|ending)\s*,?\s+"
    r"(?:and\s+be\s+of\s+no\s+further\s+force\s+(?:or|and)\s+effect\s*,?\s+)?"
    r"(?:on\s+|at\s+|upon\s+)?(?:the\s+)?(?:close\s+of\s+business\s+on\s+the\s+)?"
    r"(?P<prior>(?:last\s+)?day\s+(?:immediately\s+)?(?:prior|before|preceding)\s+(?:to\s+)?"
    r"the\s+)?"
    rf"(?:(?P<word>{_ORDINAL_WORD})|(?P<num>\d{{1,2}})(?:st|nd|rd|th)|"
    rf"(?P<card>{_CARDINAL_WORD}|\d{{1,2}})(?:\s*\(\s*\d{{1,2}}\s*\))?[-\s]+year)\s*"
    r"(?:\(\s*\d{1,2}(?:st|nd|rd|th)?\s*\)\s*)?(?:year\s+)?anniversary\s+"
    rf"(?:of\s+{_START_ANCHOR}|thereof|hereof)",
    re.IGNORECASE,
)
#: phrases that open the statement of the agreement's (initial) term, right before its length
_TERM_LEAD = re.compile(
    # "the term of this Agreement shall be", "The term hereof shall be", "The duration of this
    # Agreement is", "The period of this Agreement shall be"
    # "The Consulting Period shall be" (a period named for what the agreement is, decision 297)
    r"(?:(?:initial\s+)?(?:term|duration|period(?=\s+(?:of\s+this|hereof))|"
    r"(?:contract|consulting|services?|engagement|licen[cs]e|sponsorship|endorsement)\s+period)"
    r"\s+(?:hereof\s+)?"
    r"(?:of\s+(?:the\s+)?validity\s+)?(?:of\s+(?:this|the)\s+(?:letter\s+)?[A-Za-z]+\s+)?"
    r"(?:\([^)]{0,40}\)\s*)?"
    r"(?:shall|will)?\s*(?:be|is|continue|run|last|extend|remain)\s*(?:in\s+effect\s+)?|"
    # "shall continue in full force and effect for", "shall be in force for", "shall be valid
    # / binding / effective for"
    r"(?:shall\s+|will\s+|and\s+)?(?:continue|remain|be|is)\s+(?:in\s+(?:full\s+)?"
    r"(?:force\s+(?:and|&)\s+)?effect|effective|valid|binding(?:\s+(?:up)?on\s+(?:the\s+|both\s+)?parties)?|in\s+operation|in\s+(?:full\s+)?force"
    # "... in force until two years from the date of signature" (a length, not a date, follows)
    r"(?:\s+(?:and|&)\s+effect)?)\s+(?:thereafter\s+)?(?:until\s+(?:the\s+date\s+"
    r"(?:(?:that|which)\s+is\s+)?)?)?|"
    # "This Agreement has a term of", "shall have an initial term of"
    r"ha(?:s|ve)\s+(?:a|an)\s+(?:initial\s+)?(?:term|duration)\s+of\s+|"
    # "shall continue until the date which is three (3) years from the date hereof"
    r"(?:shall|will|and)\s+(?:continue|run|last|endure)\s+(?:thereafter\s+)?"
    r"(?:until\s+the\s+date\s+(?:(?:that|which)\s+is\s+)?)?|"
    r"continues?\s+to\s+be\s+bound\s+by\b[^.;]{0,100}?\s+for\s+|"
    r"(?:shall\s+|will\s+|and\s+)?(?:be\s+)?effective\s+(?:from|as\s+of|on)\b[^.;]{0,60}?\s+for\s+|"
    # "This Agreement shall govern disclosure of Confidential information for a period of"
    r"(?:shall|will)\s+govern\b[^.;]{0,80}?\s+for\s+|"
    # "This Agreement is concluded / entered into for a period of"
    r"(?:concluded|entered\s+into)\s+for\s+|"
    # the end at a month's end: "Expiration Date: the last day of the month fifteen (15) years
    # from the Effective Date", "shall expire on the last day of the calendar month that is"
    # (decision 295; :data:`_MONTH_END`)
    r"(?:expir(?:e|es|ation|y)|terminat(?:e|es|ion)|end)(?:\s+date)?\s*"
    r"(?::|shall\s+be|is|on|at)?\s*(?:the\s+)?last\s+day\s+of\s+the\s+(?:calendar\s+)?month\s+"
    r"(?:(?:that|which)\s+is\s+)?|"
    # a distributor's or agent's appointment, which is what the agreement grants: "The
    # Distributor is appointed for an initial period of", "hereby appoints Beta as its exclusive
    # distributor in the Territory for a term of" (decision 295)
    r"\bappoint(?:s|ed)\b[^.;]{0,120}?\s+for\s+|"
    # "the obligations ... shall survive for a period of two years from the date hereof"
    # (:func:`_not_term` keeps only a survival counted from the start)
    r"(?:shall\s+|will\s+)?surviv(?:e|es)\s+|"
    r"(?:(?:shall|will)\s+)?(?:expire|terminate|end|lapse|cease)s?\s*,?\s+(?:automatically\s+)?"
    # "shall terminate, and be of no further force and effect, on the date that is"
    r"(?:and\s+be\s+of\s+no\s+further\s+force\s+(?:or|and)\s+effect\s*,?\s+)?"
    r"(?:on\s+the\s+date\s+(?:that|which)\s+is\s+|upon\s+the\s+(?:date\s+that\s+is\s+|"
    r"(?:expiration|expiry)\s+of\s+)|at\s+the\s+end\s+of\s+|(?:on|upon|at)\s+the\s+(?:later|earlier)\s+of\s+"
    r"(?:[^.;]{0,170}?\(\w{1,3}\)\s+)?)?|"
    # "shall continue until the earlier of (i) the signing of the definitive documentation,
    # (ii) a period of twelve (12) months from the execution date of this Agreement"
    # ("continue in effect until the earlier of (a) … or (b) the date that is two years after",
    # decision 298)
    r"(?:continue|remain)(?:\s+in\s+(?:full\s+)?(?:force\s+(?:and|&)\s+)?effect)?\s+until\s+"
    r"the\s+(?:earlier|later)\s+of\s+(?:[^.;]{0,170}?\(\w{1,3}\)\s+)?"
    r"(?:the\s+date\s+(?:that|which)\s+is\s+)?|"
    r"(?:for|with)\s+(?:a|an|the)\s+(?:initial\s+)?term\s+of\s+|be\s+for\s+a\s+term\s+of\s+|"
    # "The Agreement shall be for a period of one (1) year", "This Agreement is for two years"
    r"(?:shall|will)\s+be\s+for\s+|\bis\s+for\s+|"
    # "The term of this Agreement is the period beginning on the Effective Date and ending two
    # (2) years later" (not a licence's own "Trademark License Term" so defined)
    r"(?:this\s+(?:agreement|contract)|term\s+(?:of\s+this\s+(?:agreement|contract)|hereof))"
    r"[^.;]{0,40}?\s+(?:beginning|commencing|starting)\s+(?:on|with|as\s+of)\s+[^.;]{0,60}?\s+and\s+"
    r"(?:ending|expiring|terminating)\s+|"
    # "This letter agreement shall be of no further force or effect two years from the date
    # hereof", "The terms of this Agreement shall apply for a period of two years"
    r"(?:shall|will)\s+(?:be\s+of\s+no\s+further\s+force\s+(?:or|and)\s+effect|apply)\s+|"
    # a form's label: "Term: Two (2) years", "Initial Term: 36 months", "Term of Agreement: 3
    # years", "Duration: 2 years"
    r"\b(?-i:(?:Initial\s+)?Term|(?:INITIAL\s+)?TERM|Duration|DURATION)"
    r"(?:\s+(?i:of\s+(?:this\s+|the\s+)?(?:agreement|contract)))?\s*:\s*)"
    # "for a period of", "during the two (2) year period", "for a period ending two years after"
    # "for at least a period of" (not "a lease … will have a term of at least 50 years")
    r"(?:for\s+(?:at\s+least\s+)?|during\s+)?"
    # "for a fixed term of", "for a minimum period of" (decision 295)
    r"(?:(?:a|an|the)\s+(?:initial\s+|fixed\s+|minimum\s+)?(?:period|term)\s+(?:of|ending)\s+)?"
    r"(?:(?:a|an|the)\s+)?(?:additional\s+)?$",
    re.IGNORECASE,
)
#: a term that ends on the last day of the month its length reaches
_MONTH_END = re.compile(
    r"last\s+day\s+of\s+the\s+(?:calendar\s+)?month\s+(?:(?:that|which)\s+is\s+)?$", re.IGNORECASE)
_NOT_TERM = re.compile(
    r"renew|solicit|standstill|non-?compet|surviv|after\s+(?:the\s+)?(?:termination|expiration)"
    r"|following\s+(?:the\s+)?(?:termination|expiration)|thereafter\s*$|warrant|"
    r"\bpay(?:ment|able)?\b|within|notice|exclusiv|audit|records",
    re.IGNORECASE,
)
#: an item of an enumeration inside a sentence: "(ii)", "(b)", "; "
_ENUMERATION = re.compile(r"\(\s*(?:[ivx]{1,4}|[a-h]|\d{1,2})\s*\)|;")
#: a period named for what the agreement is: "the Contract Period", "the Consulting Period"
_NAMED_PERIOD = (r"\b(?:contract|consulting|services?|engagement|licen[cs]e|sponsorship|"
                 r"endorsement)\s+period\b"
                 # what the agreement forms: "The Joint Venture shall continue for" (decision 309)
                 r"|\bthe\s+(?:joint\s+venture|partnership)\s+(?:shall|will)\b")
_TERM_SUBJECT = re.compile(
    r"\b(?:term|duration)\b|\b(?:obligations?|duty|duties|covenants|restrictions)\b|"
    # "The provisions of this letter will terminate" (decision 298)
    r"\bthis\s+(?:agreement|contract|nda|letter)\b|\bagreement\s+(?:shall|will)\b|"
    r"\b(?:shall|will)\s+(?:remain|continue)\s+in\s+(?:full\s+)?(?:force|effect)|"
    r"\bappoint(?:s|ed|ment)\b|" + _NAMED_PERIOD,
    re.IGNORECASE,
)
_ANCHOR_AFTER = re.compile(
    r"^\s*(?:\([^)]{0,40}\)\s*)?(?:,\s*)?(?:period\s+)?(?P<rel>from\s+and\s+(?:after|including)|from|after|following|of|commencing\s+(?:on|from|"
    r"with)|beginning\s+(?:on|from|with)|starting\s+(?:on|from)|as\s+of|thereafter)\b\s*"
    rf"(?P<start>{_START_ANCHOR})?",
    re.IGNORECASE,
)
#: counted from an event that is not the agreement's start: a period after it, not its term
#: ("shall last for five (5) years from the date of such written notice")
_FROM_OTHER_EVENT = re.compile(
    r"\s*(?:\([^)]*\)\s*)?(?:period\s+)?(?:from|following)\s+(?:the\s+)?(?:date\s+of\s+)?(?:such\s+|any\s+|"
    r"the\s+|its\s+)?(?:written\s+notice|termination|expiration|"
    # "five years from the date of the last disclosure hereunder" (decision 298)
    r"(?:(?:last|final|first|each|such)\s+)?disclosure)",
    re.IGNORECASE)
_ANCHOR_BEFORE = re.compile(
    r"(?:commenc\w*|begin\w*|start\w*|effective)\s+(?:on\s+|as\s+of\s+|from\s+|upon\s+)?"
    rf"(?P<start>{_START_ANCHOR})?",
    re.IGNORECASE,
)


#: a survival clause counted from the agreement's start ("the obligations set forth in this
#: letter agreement shall survive for a period of two years from the date hereof") states its
#: term; one counted from a termination or with no start does not
_SURVIVAL_FROM_START = re.compile(
    r"\s*(?:\([^)]{0,40}\)\s*)?(?:,\s*)?(?:from|after|following)\s+" + _START_ANCHOR,
    re.IGNORECASE)


#: "hereby appoints Beta as its exclusive distributor": an appointment, whose title says
#: "exclusive"
_EXCLUSIVE_APPOINTEE = re.compile(r"\bappoint(?:s|ed)\b[^.;]{0,60}?\bexclusiv", re.IGNORECASE)


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
            and re.search(r"agreement|contract|\bnda\b|\bthis\s+letter\b|obligation|dut(?:y|ies)|"
                          r"covenants|"
                          r"restrictions|\bappoint(?:s|ed|ment)\b|" + _NAMED_PERIOD + "|"
                          r"\b(?:term|duration)\b(?!\s+of\s*$)", before, re.IGNORECASE)
            is not None)
        if not about_agreement or _not_term(clause, text, m.end()):
            continue
        # an "until / ending" prefix after the lead means a length of something else
        value = parse_duration(m)
        if value is None:
            continue
        if value["unit"] == "month" and value["value"] > 240:
            continue
        after = text[m.end(): m.end() + 140]
        if re.match(r"^\s*(?:\([^)]*\)\s*)?(?:period\s+)?(?:prior|before|notice|after\s+(?:the\s+)?"
                    r"(?:termination|expiration|receipt|disclosure))", after, re.IGNORECASE):
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
    "shall continue until / terminate on the N-th anniversary of the Effective Date"."""
    clause = find_term_clause(norm)
    if clause is not None:
        norm.note("term", "clause")
        return clause.value, [clause.span]
    anniversary = _find_anniversary(norm)
    if anniversary is not None:
        years, _, span = anniversary
        norm.note("term", "anniversary")
        return duration(years, "year"), [span]
    return None


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
        if not re.search(r"\bterm\b|agreement|\bobligations?\b|\bhereunder\b", window) or \
                re.search(r"renew|option", window):
            continue
        card = (m.group("card") or "").lower()
        years = (_ORDINALS.get((m.group("word") or "").lower()) or int(m.group("num") or 0)
                 or _CARDINALS.get(card) or (int(card) if card.isdigit() else 0))
        if years:
            return years, bool(m.group("prior")), m.span()
    return None


#: a period of something else than the agreement: its renewal, the disclosures it covers, the
#: services, deliveries or payments it schedules ("This Agreement shall apply to Confidential
#: Information disclosed from June 1, 2009 to June 1, 2011")
#: what else a period can be of: renewals, disclosures, services, deliveries, orders, payments,
#: and sales measured over it ("the aggregate turnover of the Products … during the period 1
#: July 2004 - 30 June 2005", decision 293)
_OTHER_PERIOD = re.compile(r"renew|extend|extension|disclos|information|services?\b|deliver|"
                           r"purchase|order|payment|fees?\b|price|turnover|sales\b|revenue|"
                           r"royalt", re.IGNORECASE)


#: what names the agreement or its term in a sentence that dates an end or a period: also the
#: kinds of document that are the agreement on a form ("Subscription Period: 1 March 2021 to 28
#: February 2022", "SOW End Date: August 31, 2021", decision 304)
_OF_THE_AGREEMENT = re.compile(r"\bterm\b|agreement|contract|\bsubscription\b|\bsow\b|"
                               r"statement\s+of\s+work|order\s+form", re.IGNORECASE)


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


#: before an expiry cue "up to": "shall continue in force up to 31 December 2010", not "deliver
#: the goods up to"
_IN_FORCE_BEFORE = re.compile(r"(?:in\s+(?:full\s+)?(?:force|effect)|valid)\s+$", re.IGNORECASE)


def find_expiration_date(
    norm: NormText, effective: tuple[str, Span] | None = None
) -> Found | None:
    """The end of the initial term: an explicit date after "expire(s) on / until / through /
    terminate on / from the Effective Date to", "The expiration date of this Agreement is" in
    a sentence about the term of the agreement; else "terminate on the
    N-th anniversary of the Effective Date"; else the effective date plus the initial term
    (:func:`find_term_clause`) when the term runs from the effective date or a stated date.
    ``effective`` is the effective date (ISO) and its span, when known."""
    text = norm.text
    for m in norm.finditer(_EXPIRY_CUES):
        if m.group("up_to") and not _IN_FORCE_BEFORE.search(
                text, max(0, m.start() - 30), m.start()):
            continue
        sent = sentence_start(text, m.start(), 250)
        window = text[sent: m.start()].lower()
        if re.search(r"renew|extend|extension|option|warrant|offer|price|payable|lease|"
                     r"\b(?:shall|will|may)\s+not\b|exclusiv|compet|prohibit|restrict|refrain|"
                     r"disclos",
                     window):
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
        return None
    if clause.anchor == "date" and clause.start is not None and clause.start_span:
        norm.note("expiration_date", "clause_from_date")
        return _end_of_term(clause, clause.start).isoformat(), [clause.start_span, clause.span]
    if clause.anchor == "start" and eff is not None and effective is not None:
        norm.note("expiration_date", "clause_from_start")
        return _end_of_term(clause, eff).isoformat(), [effective[1], clause.span]
    return None


def _end_of_term(clause: TermClause, start: dt.date) -> dt.date:
    """``start`` plus the clause's length, moved to the last day of its month when the clause
    says so (:attr:`TermClause.month_end`)."""
    end = add_duration(start, clause.value)
    if clause.month_end:
        following = (end.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
        end = following - dt.timedelta(days=1)
    return end
