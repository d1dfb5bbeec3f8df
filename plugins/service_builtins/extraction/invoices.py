"""Invoice fields with German / French / English e-invoice cues: number, date, gross total,
currency, seller and buyer."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Any

from service_sdk.fields import finder_fields

from .dates import parse_date_text
from .matcher import pattern, tagged
from .money import CURRENCY_SYMBOLS
from .months import INVOICE_LANGUAGES
from .text import Found, NormText, Span

#: Invoice fields the rules answer: the field registry's entries whose ``rules`` list
#: ``invoice`` (``fields/registry.json``), in registry order; :func:`find_invoice_fields`
#: answers each (``plugins/tests/extraction/test_vocabulary.py``).
INVOICE_FIELDS = finder_fields("invoice")
#: Fields that switch the extractor to the invoice rules (not those the contract rules answer
#: too, such as ``currency``).
INVOICE_ONLY = frozenset(INVOICE_FIELDS) - frozenset(finder_fields("contract"))

INV_DATE_RE = pattern("invoice_date.date")


def parse_invoice_date(match: re.Match[str], month_first: bool = False) -> dt.date | None:
    """The date of an :data:`INV_DATE_RE` match (dateparser, German, French and English
    month names). Numeric dates are read day first (German / French convention;
    ``05.03.2018`` is 5 March), slash dates month first when ``month_first`` (an English
    cue) — either way unless a number exceeds 12."""
    order = "MDY" if month_first and match.group("sep") == "/" else "DMY"
    return parse_date_text(match.group(), order, INVOICE_LANGUAGES)


_INV_NUMBER_RE = pattern("invoice_number.label")
_INV_DATE_CUE = pattern("invoice_date.label")
_INV_DATE_AFTER_NUMBER = pattern("invoice_date.after_number")
_INV_DATE_WEAK = pattern("invoice_date.date_label")
#: Total cues, best first: the gross total incl. tax, then the amount payable, then a bare
#: "Total" / "Summe". Cues followed by "ohne / HT / hors / net / der Zuschläge" are skipped.
_TOTAL_CUES = [pattern("total_amount.gross"), pattern("total_amount.due"),
               pattern("total_amount.total")]
_NOT_GROSS = pattern("total_amount.not_gross")
_AFTER_TOTAL = pattern("total_amount.amount")
_CURRENCY_CUE = pattern("currency.label")
_CUR_ANY = pattern("currency.most_frequent")
_DECIMALS = pattern("total_amount.decimals")
_TOTAL_RULES = ("total_amount.gross", "total_amount.due", "total_amount.total")
_INV_DATE_GAP = pattern("invoice_date.gap")


def parse_invoice_amount(raw: str) -> float | None:
    """``1.234,56`` / ``1,234.56`` / ``1 234,56`` / ``529,87`` → float: the last ``.`` or
    ``,`` followed by one or two digits is the decimal separator, others group thousands."""
    raw = raw.replace("\u202f", " ").replace("'", " ")
    m = _DECIMALS.search(raw)
    whole, frac = (raw[: m.start()], m.group(1)) if m else (raw, "")
    digits = "".join(c for c in whole if c not in ".," and not c.isspace())
    if not digits.isdigit():
        return None
    return float(f"{digits}.{frac}" if frac else digits)


def _currency_code(symbol: str | None) -> str | None:
    if not symbol:
        return None
    return CURRENCY_SYMBOLS.get(symbol, symbol.upper())


def find_invoice_number(norm: NormText) -> Found | None:
    """The number after an invoice number label (``invoice_number.label``); not a date, at
    most 40 characters."""
    for m in _INV_NUMBER_RE.finditer(norm.text):
        token = m.group("no")
        if INV_DATE_RE.fullmatch(token) or len(token) > 40:
            continue
        norm.note("invoice_number", tagged("invoice_number.label", m))
        return token, [m.span("no")]
    return None


def find_invoice_date(norm: NormText, number: Found | None) -> Found | None:
    """The date after an invoice date label, else right after the invoice number ("vom",
    "du", "dated"), else after a bare "Datum" / "Date"."""
    text = norm.text
    for m in _INV_DATE_CUE.finditer(text):
        d = INV_DATE_RE.search(text, m.end(), m.end() + 40)
        if d is None or not _INV_DATE_GAP.match(text[m.end(): d.start()]):
            continue
        value = parse_invoice_date(d, month_first=bool(m.group("lang_en")))
        if value is not None:
            norm.note("invoice_date", tagged("invoice_date.label", m))
            return value.isoformat(), [d.span()]
    if number is not None:  # "Rechnung Nr. 471102 vom 05.03.2018", "Facture n° X du ..."
        m2 = _INV_DATE_AFTER_NUMBER.match(text, number[1][0][1])
        if m2:
            d = INV_DATE_RE.match(text, m2.end())
            value = parse_invoice_date(d) if d else None
            if d is not None and value is not None:
                norm.note("invoice_date", tagged("invoice_date.after_number", m2))
                return value.isoformat(), [d.span()]
    for m in _INV_DATE_WEAK.finditer(text):
        d = INV_DATE_RE.match(text, m.end())
        value = parse_invoice_date(d) if d else None
        if d is not None and value is not None:
            norm.note("invoice_date", tagged("invoice_date.date_label", m))
            return value.isoformat(), [d.span()]
    return None


def find_document_currency(norm: NormText) -> Found | None:
    """The most frequent currency code / symbol of the text."""
    counts: Counter[str] = Counter()
    first: dict[str, Span] = {}
    for c in _CUR_ANY.finditer(norm.text):
        code = _currency_code(c.group()) or ""
        counts[code] += 1
        first.setdefault(code, c.span())
    if not counts:
        return None
    code = counts.most_common(1)[0][0]
    norm.note("currency", "currency.most_frequent")
    return code, [first[code]]


def find_total_amount(norm: NormText, doc_currency: Found | None) -> Found | None:
    """The amount after the last cue of the best kind that has one (:data:`_TOTAL_CUES`),
    with its currency (else the document's)."""
    text = norm.text
    for rule, cues in zip(_TOTAL_RULES, _TOTAL_CUES, strict=True):
        best: Found | None = None
        for m in cues.finditer(text):
            if _NOT_GROSS.match(text, m.end()):
                continue
            a = _AFTER_TOTAL.match(text, m.end())
            if a is None:
                continue
            amount = parse_invoice_amount(a.group("amt"))
            if amount is None:
                continue
            if a.group("neg"):
                amount = -amount
            currency = _currency_code(a.group("pre") or a.group("post")) or (
                doc_currency[0] if doc_currency else None)
            start = a.start("neg") if a.group("neg") else a.start("amt")
            end = a.end("post") if a.group("post") else a.end("amt")
            best = {"amount": amount, "currency": currency}, [(start, end)]  # the last wins
            norm.note("total_amount", tagged(rule, m))
        if best is not None:
            return best
    return None


_SELLER_HEAD = pattern("seller.block")
_BUYER_HEAD = pattern("buyer.block")
_BLOCK_END = pattern("shared.party_block_end")
_LETTERHEAD = pattern("seller.letterhead")
_LABEL_LINE = pattern("shared.label_line")
_NAME_LABEL = pattern("seller.name_label")
_NEXT_LABEL = pattern("shared.next_label")
_NAME_END = pattern("shared.name_end")
_LINE = pattern("shared.line")
_LETTERS = pattern("shared.letters")


def _block_party(text: str, head: re.Pattern[str]) -> tuple[str, int, int, re.Match[str]] | None:
    """Name in the block that starts with a line holding only a party's heading (``head``:
    ``Verkäufer``, ``Käufer/Leistungsempfänger``, ``Seller:``) or ``heading: Name``; the
    block ends at the next party heading or after 600 characters. Offsets into the original
    text, and the heading's match."""
    for m in head.finditer(text):
        rest = (m.group("rest") or "").strip()
        if rest and not _LABEL_LINE.match(rest):
            start = m.start("rest") + (len(m.group("rest")) - len(m.group("rest").lstrip()))
            name = _NAME_END.split(rest)[0]
            return name, start, start + len(name), m
        s = _BLOCK_END.search(text, m.end() + 1)
        block_end = min(s.start() if s else len(text), m.end() + 600)
        label = _NAME_LABEL.search(text, m.end(), block_end)
        if label is not None:
            value_end = _NEXT_LABEL.search(text, label.end(), block_end)
            end = value_end.start() if value_end else block_end
            name = text[label.end(): end].strip()
            if 2 <= len(name) <= 120:
                return name, label.end(), label.end() + len(name), m
            continue
        for row in _LINE.finditer(text[m.end(): block_end]):
            candidate = row.group().strip()
            if not candidate:
                continue
            if _LABEL_LINE.match(candidate) or not _LETTERS.search(candidate):
                break
            offset = m.end() + row.start() + (len(row.group()) - len(row.group().lstrip()))
            return candidate, offset, offset + len(candidate), m
    return None


def _party(text: str, field: str) -> tuple[str, int, int, str] | None:
    """The seller's or the buyer's name, offsets and rule id: its block
    (:func:`_block_party`), else for the seller the letterhead."""
    head = _SELLER_HEAD if field == "seller" else _BUYER_HEAD
    block = _block_party(text, head)
    if block is not None:
        name, start, end, m = block
        return name, start, end, tagged(f"{field}.block", m)
    if field == "seller":
        letterhead = _LETTERHEAD.search(text, 0, min(len(text), 400))
        if letterhead is not None:
            return (letterhead.group("name").strip(), letterhead.start("name"),
                    letterhead.end("name"), "seller.letterhead")
    return None


def find_invoice_fields(text: str, wanted: set[str]) -> tuple[
        dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Invoice rules for the ``wanted`` fields; (values, evidence), each evidence span with
    the id of the rule that produced the value (``"rule"``, e.g. ``invoice_number.label.de``:
    the German cue of ``rulebook/de/invoice.toml``)."""
    norm = NormText(text)
    data: dict[str, Any] = {}
    evidence: dict[str, list[dict[str, Any]]] = {}

    def put(field: str, found: Found | None, rule: str | None = None) -> None:
        if found is not None and field in wanted:
            data[field] = found[0]
            rule = rule or norm.rules.get(field)
            evidence[field] = [{**norm.evidence(s, e), **({"rule": rule} if rule else {})}
                               for s, e in found[1]]

    number = find_invoice_number(norm)
    put("invoice_number", number)
    if "invoice_date" in wanted:
        put("invoice_date", find_invoice_date(norm, number))
    stated = _CURRENCY_CUE.search(norm.text)
    if stated:
        norm.note("currency", tagged("currency.label", stated))
    doc_currency: Found | None = (
        (stated.group("code").upper(), [stated.span("code")]) if stated
        else find_document_currency(norm))
    total = find_total_amount(norm, doc_currency) if wanted & {
        "total_amount", "currency"} else None
    if total is not None and total[0]["currency"] is None:
        total = None  # an amount without any currency in the document is not reported
    put("total_amount", total)
    if stated or total is None:
        put("currency", doc_currency)
    else:
        put("currency", (total[0]["currency"], total[1]), norm.rules.get("total_amount"))
    for field in ("seller", "buyer"):
        party = _party(text, field) if field in wanted else None
        if party is not None:
            name, start, end, rule = party
            data[field] = " ".join(name.split())
            evidence[field] = [{"start": start, "end": end, "text": text[start:end],
                                "rule": rule}]
    return data, evidence
