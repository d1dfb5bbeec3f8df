"""The parties of a contract, from its preamble, and which of them is the counterparty.

The patterns are the rules of ``rulebook/en/parties.toml`` (:mod:`.matcher`); this module is the
order in which they are read and which names are kept; how a name is read from a stretch
of text is :mod:`.party_names`."""

from __future__ import annotations

import re
from typing import Any

from .matcher import pattern
from .party_names import (
    CAPITAL_HEADING,
    clean_party,
    looks_like_name,
    name_before,
    party_list_end,
    split_top_level,
)
from .text import PREAMBLE_CHARS, NormText, Span

_PARTY_INTRO = pattern("parties.preamble")
_NAME_START_LABEL = pattern("parties.name_start_label")
_SUFFIX_IN_LABEL = pattern("parties.suffix_in_label")
_SUFFIX_GAP = pattern("parties.suffix_gap")
_TOKEN = pattern("counterparty.token")


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
        seg_end = party_list_end(text, seg_start)
        segment = text[seg_start:seg_end]
        names: list[str] = []
        spans: list[Span] = []
        for a, b in split_top_level(segment):
            cleaned = clean_party(segment[a:b])
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
            keep = [i for i, n in enumerate(names) if looks_like_name(n)]
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
        found = name_before(text, m.start())
        if found is None:
            continue
        s, e = found
        name = text[s:e].strip("\"' ")
        if not looks_like_name(name):
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
        heading = CAPITAL_HEADING.match(name)
        begin = m.start("name") + (heading.end() if heading else 0)
        name = name[heading.end():] if heading else name
        if looks_like_name(name) and name.lower() not in {n.lower() for n in names}:
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
        heading = CAPITAL_HEADING.match(name[lead:])
        begin = m.start("name") + lead + (heading.end() if heading else 0)
        name = text[begin: m.end("name")]
        words = name.split()
        half = len(words) // 2
        if len(words) % 2 == 0 and words[:half] == words[half:]:
            name = " ".join(words[:half])  # two columns of one name: "ARES TRADING SA ARES …"
        if looks_like_name(name) and name.lower() not in {n.lower() for n in names}:
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

