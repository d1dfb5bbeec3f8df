"""The parties of a contract, from its preamble, and which of them is the counterparty.

The patterns are the rules of ``rulebook/en/parties.toml`` (:mod:`.matcher`); this module is the
order in which they are read, how a list of parties is split and which names are kept."""

from __future__ import annotations

import re
from typing import Any

from .matcher import pattern
from .text import PREAMBLE_CHARS, NormText, Span

_PARTY_INTRO = pattern("parties.preamble")
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
_NAME_START_LABEL = pattern("parties.name_start_label")
_NUMBER_WORD = pattern("parties.number_word")
_LIST_NUMBER_BEFORE = pattern("parties.list_number_before")
_SUFFIX_IN_LABEL = pattern("parties.suffix_in_label")
_SUFFIX_GAP = pattern("parties.suffix_gap")
_REPRESENTED = pattern("parties.represented")
_CAPITAL_WORD_BEFORE = pattern("parties.capital_word_before")
_SUFFIX_BEFORE = pattern("parties.suffix_before")
_CAPITAL_HEADING = pattern("parties.capital_heading")
_TOKEN = pattern("counterparty.token")
_PARTY_END = pattern("parties.list_end")
_NAME_CUT = pattern("parties.name_cut")
_ADDRESS_AFTER_SUFFIX = pattern("parties.address_after_suffix")


_DESCRIBED = pattern("parties.described")
_NEXT_COMPANY = pattern("parties.next_company")


def _split_top_level(segment: str) -> list[tuple[int, int]]:
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


def _clean_party(raw: str) -> tuple[int, int] | None:
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


def _party_list_end(text: str, start: int) -> int:
    """Where the list of parties that starts at ``start`` ends (:data:`_PARTY_END`, else 600
    characters on); in a list numbered "1. … 2. …" ("1. Acme B.V., ...; and 2. Beta N.V.") the
    dot after a number ends no sentence."""
    numbered = text.startswith("1. ", start)
    for m in _PARTY_END.finditer(text, start, min(len(text), start + 1500)):
        if not (numbered and _LIST_NUMBER_BEFORE.search(text[m.start() - 2:m.start()])):
            return m.start()
    return min(len(text), start + 600)


def find_parties(norm: NormText, least: int = 2,
                 intro: re.Pattern[str] = _PARTY_INTRO) -> tuple[list[str], list[Span]] | None:
    """Party names from the preamble: the segment after "between" / "among" / "PARTIES:" /
    "PARTIES (1)" (or another ``intro``) up to WHEREAS / RECITALS / the end of the sentence,
    split on top-level "and" / ";" / "(2)", each cut before its description (", a Delaware
    corporation", "(the "Company")", an address); the first segment that names at least
    ``least``."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    for cue in intro.finditer(text, 0, limit):
        seg_start = cue.end()
        seg_end = _party_list_end(text, seg_start)
        segment = text[seg_start:seg_end]
        names: list[str] = []
        spans: list[Span] = []
        for a, b in _split_top_level(segment):
            cleaned = _clean_party(segment[a:b])
            if cleaned is None:
                continue
            s, e = seg_start + a + cleaned[0], seg_start + a + cleaned[1]
            name = text[s:e].strip('"\' ')
            if _UNDOTTED_SUFFIX.search(name) and seg_start + b >= seg_end:
                # the sentence's dot after the last name: "… and Beta LLC."
                name, e = name[:-1], e - 1
            if name and name.lower() not in {n.lower() for n in names}:
                names.append(name)
                spans.append((s, e))
        if least < 2:
            # one name alone ("between H&S and the undersigned") only if it reads as a name
            keep = [i for i, n in enumerate(names) if _looks_like_name(n)]
            names, spans = [names[i] for i in keep], [spans[i] for i in keep]
        if len(names) >= least:
            return names[:6], spans[:6]
    return None


_MADE_BY = pattern("parties.made_by")


def find_parties_made_by(norm: NormText) -> tuple[list[str], list[Span]] | None:
    """Two or more party names after "(entered into | made | executed) … by" in the preamble
    (:data:`_MADE_BY`), read as :func:`find_parties` reads a list after "between"."""
    return find_parties(norm, intro=_MADE_BY)


_LABELLED_PARTY = pattern("parties.labelled")
_LABEL_STOP = pattern("parties.label_stop")


_UNDOTTED_SUFFIX = pattern("parties.undotted_suffix")


def find_parties_labelled(norm: NormText) -> tuple[list[str], list[Span]] | None:
    """Parties introduced by a label, "Party A: <name>" ... "Party B: <name>", or by role,
    "Customer: <name>" ... "Supplier: <name>" (a name ends at the next field of the block:
    "Address:", "Legal representative:", another label, or after its company suffix, "Co.,
    Ltd."); the first name of each letter or role, at least two of them."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    names: list[str] = []
    spans: list[Span] = []
    letters: set[str] = set()
    for m in _LABELLED_PARTY.finditer(text, 0, limit):
        key = m.group("letter") or m.group("role").split()[-1].lower()
        if key in letters:
            continue
        start = m.end()
        stop = _LABEL_STOP.search(text, start, min(len(text), start + 160))
        end = stop.start() if stop else min(len(text), start + 120)
        suffixes = list(_SUFFIX_IN_LABEL.finditer(text[start:end]))
        if suffixes:
            # "Co., Ltd." is one suffix; what follows the first run is not the name
            last = suffixes[0]
            for nxt in suffixes[1:]:
                if _SUFFIX_GAP.fullmatch(text[start + last.end(): start + nxt.start()]):
                    last = nxt
                else:
                    break
            end = start + last.end()
        name = text[start:end].strip(" ,.:") if not suffixes else text[start:end].strip(" ,:")
        if _UNDOTTED_SUFFIX.search(name):
            name = name[:-1]  # "Customer: Beta LLC. Provider:": the sentence's dot, not the name's
        if not name or not _NAME_START_LABEL.match(name) or len(name.split()) > 14:
            continue
        letters.add(key)
        names.append(name)
        spans.append((start, start + len(name)))
    return (names, spans) if len(letters) >= 2 else None


_DEFINED_TERM = pattern("parties.defined_terms")
_NOT_PARTY_TERMS = pattern("parties.not_party_terms")
_LEFT_BOUNDARY = pattern("parties.left_boundary")


_CAPITAL_RUN = pattern("parties.capital_run")


_CONNECTORS = frozenset(["of", "and", "&", "the", "de", "du", "von", "van", "der", "y", "et"])
_INSTITUTION_WORDS = pattern("parties.institution_words")


_STREET = pattern("parties.street")
_PLACE = pattern("parties.place")


def _looks_like_name(name: str) -> bool:
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
    cleaned = _clean_party(text[begin:end])
    if cleaned is None or not _looks_like_name(
            text[begin + cleaned[0]: begin + cleaned[1]].strip("\"' ")):
        return None
    return begin + cleaned[0], begin + cleaned[1]


def _name_before(text: str, pos: int) -> Span | None:
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
    heading = _CAPITAL_HEADING.match(text[begin:end])
    if heading:
        begin += heading.end()
    cleaned = _clean_party(text[begin:end])
    return None if cleaned is None else (begin + cleaned[0], begin + cleaned[1])


def find_parties_defined(
    norm: NormText, least: int = 2
) -> tuple[list[str], list[Span]] | None:
    """Fallback for preambles without "between": names introduced by a defined-term
    parenthesis in the first part of the document — ``X, a Delaware corporation
    ("Company"), and Y ("Consultant") agree``, ``PARTIES: X ("Employee") Y ("NIKE")``."""
    text = norm.text
    limit = min(len(text), PREAMBLE_CHARS)
    names: list[str] = []
    spans: list[Span] = []
    for m in _DEFINED_TERM.finditer(text, 0, limit):
        if _NOT_PARTY_TERMS.search(m.group("term") or m.group("bare")):
            continue
        found = _name_before(text, m.start())
        if found is None:
            continue
        s, e = found
        name = text[s:e].strip("\"' ")
        if not _looks_like_name(name):
            continue
        if name and name.lower() not in {n.lower() for n in names}:
            names.append(name)
            spans.append((s, e))
        if len(names) >= 6:
            break
    return (names, spans) if len(names) >= least else None


_SALUTATION = pattern("parties.salutation")
_HEAD_NAME = pattern("parties.letter")


def find_parties_letter(norm: NormText) -> tuple[list[str], list[Span]] | None:
    """Parties of a letter agreement: the sender and the addressee named with their
    addresses in the letter's head (before "Ladies and Gentlemen" / "Dear ..."), e.g.
    "Imperial Sugar Company 8016 Highway 90-A ... July 22, 2011 Louis Dreyfus Commodities LLC
    40 Danbury Road ... Dear Mr. Hogan"."""
    text = norm.text
    salutation = _SALUTATION.search(text, 0, min(len(text), 1500))
    if salutation is None:
        return None
    names: list[str] = []
    spans: list[Span] = []
    for m in _HEAD_NAME.finditer(text, 0, salutation.start()):
        name = m.group("name").strip(" ,")
        # a title in capitals before a mixed-case name is not part of it
        heading = _CAPITAL_HEADING.match(name)
        begin = m.start("name") + (heading.end() if heading else 0)
        name = name[heading.end():] if heading else name
        if _looks_like_name(name) and name.lower() not in {n.lower() for n in names}:
            names.append(name)
            spans.append((begin, begin + len(name)))
    return (names, spans) if names else None


_SIGNS_THROUGH = pattern("parties.signing")
_WITNESS_HEAD = pattern("parties.witness_head")
_SIGNATURE_LEAD = pattern("parties.signature_lead")


def find_parties_signing(norm: NormText) -> tuple[list[str], list[Span]] | None:
    """The organisations that sign through someone ("CLARUS IV-A, L.P. By: Clarus IV GP,
    L.P., its general partner By: /s/ …"), after "IN WITNESS WHEREOF" (else in the last 40 %
    of the text): the parties of a contract whose preamble names none, such as a joint filing
    agreement. At most ten. Computed once per document (the parties finder may ask twice)."""
    return norm.memo("parties_signing", lambda: _parties_signing(norm))


def _parties_signing(norm: NormText) -> tuple[list[str], list[Span]] | None:
    text = norm.text
    head = _WITNESS_HEAD.search(text)
    start = head.end() if head else int(len(text) * 0.6)
    names: list[str] = []
    spans: list[Span] = []
    for m in _SIGNS_THROUGH.finditer(text, start):
        name = m.group("name")
        # what precedes the name in the block: the sentence or date before it ("February
        # 2020."), a heading in capitals, the previous signer's title ("Chief Legal Officer")
        lead = 0
        for cut in _SIGNATURE_LEAD.finditer(name):
            lead = cut.end()
        heading = _CAPITAL_HEADING.match(name[lead:])
        begin = m.start("name") + lead + (heading.end() if heading else 0)
        name = text[begin: m.end("name")]
        words = name.split()
        half = len(words) // 2
        if len(words) % 2 == 0 and words[:half] == words[half:]:
            name = " ".join(words[:half])  # two columns of one name: "ARES TRADING SA ARES …"
        if _looks_like_name(name) and name.lower() not in {n.lower() for n in names}:
            names.append(name)
            spans.append((begin, m.end("name")))
        if len(names) >= 10:
            break
    return (names, spans) if names else None


_OWN_SIGNATURE = pattern("parties.own_signature")
_NOT_NAME_WORDS = frozenset(["By", "Authorized", "Signature", "Name", "Date", "Title", "Its",
                             "Employee", "Executive", "Witness", "Print", "Address"])
_SIGNS_FOR = pattern("parties.signs_for")
_OFFICER_AFTER = pattern("parties.officer_after")


def find_individual_signatories(norm: NormText) -> tuple[list[str], list[Span]]:
    """People who sign in their own name ("/s/ Peter H. Kesser Peter H. Kesser 7"): a
    conformed signature not signed "By:" / "for" a company, not a letter's "Sincerely," and
    with no officer's title or "By" line in the 60 characters after it. In an employee's NDA
    the employee is a party the preamble calls only "you" or "Executive"."""
    text = norm.text
    if "/s/" not in text:
        return [], []
    names: list[str] = []
    spans: list[Span] = []
    for m in _OWN_SIGNATURE.finditer(text):
        if _SIGNS_FOR.search(text, max(0, m.start() - 20), m.start()):
            continue
        if _OFFICER_AFTER.search(text, m.end("name"), min(len(text), m.end("name") + 60)):
            continue
        words = m.group("name").split()
        # "/s/ Trish Donnelly Trish Donnelly", "/s/ Philip H. Knight By": the name ends there
        keep = next((i for i, w in enumerate(words) if i and (w in _NOT_NAME_WORDS
                                                             or w == words[0])), len(words))
        if keep < 2:
            continue
        name = " ".join(words[:keep])
        if not any(same_party(name, known) for known in names):
            names.append(name)
            spans.append((m.start("name"), m.start("name") + len(name)))
    return names, spans


_SUFFIX_WORDS = frozenset([
    "inc", "incorporated", "llc", "l", "c", "ltd", "limited", "corp", "corporation", "co",
    "company", "lp", "llp", "plc", "gmbh", "ag", "sa", "nv", "bv", "pte", "the", "and", "of",
])


def _name_tokens(name: str) -> set[str]:
    return {t for t in _TOKEN.findall(name.lower()) if t not in _SUFFIX_WORDS}


def same_party(a: str, b: str) -> bool:
    """Whether two names denote the same party (their words other than corporate suffixes
    overlap by at least half of the shorter name's): "Ann Taylor, Inc." and "ANN TAYLOR"."""
    ta, tb = _name_tokens(a), _name_tokens(b)
    return bool(ta and tb) and len(ta & tb) / min(len(ta), len(tb)) >= 0.5


def pick_counterparty(parties: list[str], identities: Any) -> str | None:
    """The first party that does not match the organization's identities (LEGAL_NAME by
    token overlap; DOMAIN / EMAIL_DOMAIN by their second-level label). ``None`` without
    identities or when no party matches one (we cannot tell who "we" are)."""
    if not isinstance(identities, list) or not parties:
        return None
    ours: list[set[str]] = []
    for ident in identities:
        if not isinstance(ident, dict) or not isinstance(ident.get("value"), str):
            continue
        kind = str(ident.get("kind", "")).upper()
        value = ident["value"]
        if kind in ("DOMAIN", "EMAIL_DOMAIN"):
            host = value.lower().split("@")[-1].split("/")[0]
            labels = [p for p in host.split(".") if p and p != "www"]
            if len(labels) >= 2:
                ours.append({labels[-2]})
        elif kind == "LEGAL_NAME":
            tokens = _name_tokens(value)
            if tokens:
                ours.append(tokens)

    def is_ours(party: str) -> bool:
        tokens = _name_tokens(party)
        return any(
            tokens and len(tokens & mine) / len(mine) >= 0.6 for mine in ours
        )

    flags = [is_ours(p) for p in parties]
    if not any(flags):
        return None
    for party, mine in zip(parties, flags, strict=True):
        if not mine:
            return party
    return None

