"""How a party's name is read from a stretch of a contract's text: where a list of parties ends,
how it splits into one segment per party, which part of a segment is the name, whether a string
reads as a name, and the name before a defined-term parenthesis.

The patterns are the rules of ``rulebook/en/parties.toml`` (:mod:`.matcher`); the finders that
decide where in a document to look are in :mod:`.parties`."""

from __future__ import annotations

from .matcher import pattern
from .text import Span

_NUMBERED_FIRST = pattern("parties.numbered_first")
_NUMBERED_NEXT = pattern("parties.numbered_next")
_AFTER_DEFINED_TERM = pattern("parties.after_defined_term")
_COMMA_CAPITAL = pattern("parties.comma_capital")
_BEFORE_AND = pattern("parties.before_and")
_SUFFIX_BEFORE_AND = pattern("parties.suffix_before_and")
_COMMA_END = pattern("parties.comma_end")
_ONE_DESCRIPTION = pattern("parties.one_description")
_LIST_LEAD = pattern("parties.list_lead")
_DESCRIPTOR = pattern("parties.descriptor")
_COMMA_SUFFIX = pattern("parties.comma_suffix")
_HAS_LETTER = pattern("parties.has_letter")
_HAS_SUFFIX = pattern("parties.has_suffix")
_ENTITY_SUFFIX_WORD = pattern("parties.entity_suffix")
_NAME_START = pattern("parties.name_start")
_NUMBER_WORD = pattern("parties.number_word")
_LIST_NUMBER_BEFORE = pattern("parties.list_number_before")
_REPRESENTED = pattern("parties.represented")
_CAPITAL_WORD_BEFORE = pattern("parties.capital_word_before")
_SUFFIX_BEFORE = pattern("parties.suffix_before")
_PARTY_END = pattern("parties.list_end")
_NAME_CUT = pattern("parties.name_cut")
_LEFT_BOUNDARY = pattern("parties.left_boundary")
_ADDRESS_AFTER_SUFFIX = pattern("parties.address_after_suffix")
#: a heading in capitals before a mixed-case name (the finders of :mod:`.parties` cut it too)
CAPITAL_HEADING = pattern("parties.capital_heading")


_DESCRIBED = pattern("parties.described")
_NEXT_COMPANY = pattern("parties.next_company")


def split_top_level(segment: str) -> list[tuple[int, int]]:
    """Split ``segment`` on " and " / ";" outside parentheses and quotes; return spans."""
    parts: list[tuple[int, int]] = []
    depth = 0
    quote = False
    start = 0
    i = 0
    lower = segment.lower()
    numbered = _NUMBERED_FIRST.match(segment) is not None
    while i < len(segment):
        ch = segment[i]
        if numbered and ch == "(" and depth == 0 and not quote and i - start > 3 \
                and _NUMBERED_NEXT.match(segment[i:]):
            # a numbered list of parties: "(1) X (ACN 106 702 416), 7 Sirius Road (2) Y"
            parts.append((start, i))
            start = i
            i += 3
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"' and depth == 0:
            quote = not quote
        elif depth == 0 and not quote:
            if ch == ";" or (
                    # "X ("THC"), Y, Inc. ("HSI") and Z": a comma after a defined term
                    ch == "," and _AFTER_DEFINED_TERM.search(segment[start:i])
                    and _COMMA_CAPITAL.match(segment[i:])) or (
                    # "Acme Inc., a Delaware corporation, Beta LLC, a Texas limited liability
                    # company, and Gamma Corp.": a comma after a party's description, before
                    # a company's name (decision 296)
                    ch == "," and _DESCRIBED.search(segment, start, i)
                    and _NEXT_COMPANY.match(segment, i)) or (
                    # "among Acme Inc., Beta LLC and Gamma Corp.": a company's legal form,
                    # a comma, another company (not "Beta Co., Ltd.")
                    ch == "," and _ENDS_WITH_SUFFIX.search(segment, start, i)
                    and _NEXT_NAMED_COMPANY.match(segment, i)):
                parts.append((start, i))
                start = i + 1
            elif (lower.startswith(" and ", i) or lower.startswith(" and: ", i)) and (
                # "and" after a closing ")" or a defined-term or after an entity suffix
                _BEFORE_AND.search(segment[start:i])
                or _SUFFIX_BEFORE_AND.search(segment[start:i])
                or _COMMA_END.search(segment[start:i])
                or i - start > 25
            ) and not _ONE_DESCRIPTION.search(segment[start:i]):
                # ("... LIMITED incorporated and registered in England": one description; "a
                # private limited company registered in England and Wales": one place)
                parts.append((start, i))
                step = 6 if lower.startswith(" and: ", i) else 5
                start = i + step
                i += step
                continue
        i += 1
    parts.append((start, len(segment)))
    return parts


_NOT_NAMES = frozenset(["the", "this", "each", "such", "any", "all", "its", "their", "said",
                        "who", "which", "that", "whereby", "whose", "in", "on", "for"])


_DATE_AFTER_NAME = pattern("parties.date_after_name")
_ENDS_WITH_SUFFIX = pattern("parties.ends_with_suffix")
_NEXT_NAMED_COMPANY = pattern("parties.next_named_company")


def clean_party(raw: str) -> tuple[int, int] | None:
    """Span of the party name inside ``raw`` (leading "and", "(1)", trailing clauses cut)."""
    lead = _LIST_LEAD.match(raw)
    begin = lead.end() if lead else 0
    # a lower-case descriptor before the name: "professional golfer, TOM WATSON"
    descriptor = _DESCRIPTOR.match(raw[begin:])
    if descriptor:
        begin += descriptor.end()
    body = raw[begin:]
    # keep a trailing entity suffix after a comma ("Acme, Inc.")
    cut = len(body)
    for m in _NAME_CUT.finditer(body):
        if _COMMA_SUFFIX.match(body[m.start():]):
            continue
        cut = m.start()
        break
    # the agreement's date after a company's name: "… and Beta Inc. on / as of / effective June
    # 1, 2005" (decision 292; not after any word: "that certain … Agreement, dated as of")
    dated = _DATE_AFTER_NAME.search(body)
    if dated is not None and dated.start() < cut and _ENDS_WITH_SUFFIX.search(
            body, 0, dated.start()):
        cut = dated.start()
    # (the lookahead may see past the cut: the seat before "("Acme")")
    address = next((a for a in _ADDRESS_AFTER_SUFFIX.finditer(body) if a.end() <= cut), None)
    if address:
        cut = address.end()
    name = body[:cut].rstrip(" ,;:")
    if len(name) < 2 or len(name) > 120 or not _HAS_LETTER.search(name):
        return None
    if name.lower().startswith(("the parties", "each party", "party", "you", "us ")):
        return None
    words = name.split()
    # "The Deerskin Companies, Inc." is a name; "the Company" or "this Agreement" is not
    leading_the = words[0].lower() == "the" and len(words) > 2 and words[1][:1].isupper()
    has_suffix = _HAS_SUFFIX.search(name) is not None
    # "On Semiconductor Inc." is a name; "on behalf of Acme Inc." is not (decision 296)
    capitalised_company = (words[0] in ("On", "In", "ON", "IN") and len(words) > 2 and has_suffix
                           and all(w[:1].isupper() for w in words[1:]))
    if not _NAME_START.match(name) or (words[0].lower() in _NOT_NAMES
                                              and not leading_the and not capitalised_company):
        return None
    if len(name.split()) > 14 or (_NUMBER_WORD.search(name) and not has_suffix
                                  and len(name.split()) > 3):
        return None  # a sentence or a table-of-contents line, not a name
    lower = [w for w in words[1:] if w[:1].islower() and w.lower() not in _CONNECTORS]
    if len(lower) >= 2 and not has_suffix:
        return None  # a clause: "IBM will provide Web hosting", "Affiliate hereby agree as"
    if all(w.lower().strip(",.") in _ROLE_WORDS | _CONNECTORS for w in words):
        return None  # a role, not a name: "Disclosing Party", "Franchisor and Master Franchisee"
    return begin, begin + len(name)


#: what a contract calls a party by its role (a defined term, never its name)
_ROLE_WORDS = frozenset([
    "buyer", "seller", "company", "franchisor", "franchisee", "master", "disclosing",
    "receiving", "party", "parties", "distributor", "licensor", "licensee", "supplier",
    "customer", "employee", "employer", "executive", "consultant", "client", "contractor",
    "agent", "developer", "manufacturer", "purchaser", "vendor", "recipient", "discloser",
    "provider", "reseller", "owner", "servicer", "shipper", "carrier", "lessor", "lessee",
])


def party_list_end(text: str, start: int) -> int:
    """Where the list of parties that starts at ``start`` ends (:data:`_PARTY_END`, else 600
    characters on); in a list numbered "1. … 2. …" ("1. Acme B.V., ...; and 2. Beta N.V.") the
    dot after a number ends no sentence."""
    numbered = text.startswith("1. ", start)
    for m in _PARTY_END.finditer(text, start, min(len(text), start + 1500)):
        if not (numbered and _LIST_NUMBER_BEFORE.search(text[m.start() - 2:m.start()])):
            return m.start()
    return min(len(text), start + 600)


_CAPITAL_RUN = pattern("parties.capital_run")


_CONNECTORS = frozenset(["of", "and", "&", "the", "de", "du", "von", "van", "der", "y", "et"])
_INSTITUTION_WORDS = pattern("parties.institution_words")


_STREET = pattern("parties.street")
_PLACE = pattern("parties.place")


def looks_like_name(name: str) -> bool:
    """A party name from a defined-term parenthesis: capitalised words (connectors
    allowed), two or more of them unless there is an entity suffix, no institution or
    document words."""
    words = name.split()
    has_suffix = _HAS_SUFFIX.search(name) is not None
    if not words or len(words) > 8 or (len(words) < 2 and not has_suffix):
        return False
    if any(not (w[0].isupper() or w[0].isdigit() or w.lower() in _CONNECTORS) for w in words):
        return False
    if _ENTITY_SUFFIX_WORD.fullmatch(words[0].rstrip(",")) or _PLACE.match(name):
        return False
    # "ENDORSEMENT AGREEMENT WHEREAS, Movado" is a title, "Florissant Avenue" an address line
    return _INSTITUTION_WORDS.search(name) is None and _STREET.search(name) is None


_AFFILIATES_TAIL = pattern("parties.affiliates_tail")


_DESCRIPTION_TAIL = pattern("parties.description_tail")


def _name_after(text: str, begin: int, end: int) -> Span | None:
    """The span of the name in ``text[begin:end]`` when it reads as one."""
    cleaned = clean_party(text[begin:end])
    if cleaned is None or not looks_like_name(
            text[begin + cleaned[0]: begin + cleaned[1]].strip("\"' ")):
        return None
    return begin + cleaned[0], begin + cleaned[1]


def name_before(text: str, pos: int) -> Span | None:
    """The span of the party name that ends right before ``pos`` (a defined-term parenthesis):
    after one of the last three boundary words ("between", "and", ":", a sentence end), else
    the run of capitalised words there ("As an associate of Ann Taylor, Inc. (the "Company")");
    ``None`` when neither looks like a name."""
    lo = max(0, pos - 250)
    tail = _AFFILIATES_TAIL.search(text, lo, pos) or _DESCRIPTION_TAIL.search(text, lo, pos)
    end = tail.start() if tail else pos
    left = text[lo:end]
    bounds = list(_LEFT_BOUNDARY.finditer(left))[-3:]
    for k in range(len(bounds) - 1, -1, -1):
        bound = bounds[k]
        if _REPRESENTED.search(left[:bound.start()]):
            continue  # "IREYA B.V …, represented by Andrea van Elsas, ("Consultant")": a signatory
        found = _name_after(text, lo + bound.end(), end)
        if found is None:
            continue
        if k and bound.group().strip() == "and" and _CAPITAL_WORD_BEFORE.search(
                left[:bound.start()]) and not _SUFFIX_BEFORE.search(left[:bound.start()]):
            # "The HUANG JIA Country CLUB and Recreation Inc.": "and" inside one name (the
            # words before it are no company of their own) when the whole reads as a name
            whole = _name_after(text, lo + bounds[k - 1].end(), end)
            if whole is not None and whole[1] == found[1]:
                return whole
        return found
    run = _CAPITAL_RUN.search(left)
    if run is None:
        return None
    begin = lo + run.start()
    # a heading in capitals right before a mixed-case name is not part of it
    heading = CAPITAL_HEADING.match(text[begin:end])
    if heading:
        begin += heading.end()
    cleaned = clean_party(text[begin:end])
    return None if cleaned is None else (begin + cleaned[0], begin + cleaned[1])
