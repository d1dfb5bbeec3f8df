"""Invoice fields with German / French / English e-invoice cues: number, date, gross total,
currency, seller and buyer."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Any

from .dates import MONTH_RE, month_pattern, parse_date_text
from .money import CURRENCY_SYMBOLS
from .text import Found, NormText, Span

INVOICE_FIELDS = ("invoice_number", "invoice_date", "total_amount", "currency", "seller", "buyer")
#: Fields that switch the extractor to the invoice rules (``currency`` is shared).
INVOICE_ONLY = frozenset(INVOICE_FIELDS) - {"currency"}

#: Languages of the invoices' month names and dates.
INVOICE_LANGUAGES = ("de", "fr", "en")
_INV_MONTH_RE = month_pattern(INVOICE_LANGUAGES)
INV_DATE_RE = re.compile(
    r"(?P<iso>\b\d{4}-\d{1,2}-\d{1,2}\b)"
    r"|(?P<num>\b\d{1,2}(?P<sep>[./-])\d{1,2}(?P=sep)(?:\d{4}|\d{2})\b)"
    rf"|(?P<dmy>\b\d{{1,2}}(?:\.|er|st|nd|rd|th)?\s*{_INV_MONTH_RE}\s*\d{{4}})"
    rf"|(?P<mdy>\b{MONTH_RE}\s*\d{{1,2}}(?:st|nd|rd|th)?,?\s*\d{{4}})",
    re.IGNORECASE,
)


def parse_invoice_date(match: re.Match[str], month_first: bool = False) -> dt.date | None:
    """The date of an :data:`INV_DATE_RE` match (dateparser, German, French and English
    month names). Numeric dates are read day first (German / French convention;
    ``05.03.2018`` is 5 March), slash dates month first when ``month_first`` (an English
    cue) — either way unless a number exceeds 12."""
    order = "MDY" if month_first and match.group("sep") == "/" else "DMY"
    return parse_date_text(match.group(), order, INVOICE_LANGUAGES)


_INV_NUMBER_TOKEN = r"(?P<no>(?=[\w./-]*\d)[A-Za-z0-9][\w./-]*[A-Za-z0-9]|\d)"
_INV_NUMBER_RE = re.compile(
    r"(?:\b(?:Rechnungs|Gutschrifts|Beleg)[- ]?(?:nummer|nr\b\.?)"
    r"|\b\w*(?:rechnung|gutschrift|rechnungskorrektur)(?:\s+(?:des|der)\s+\w+)?"
    r"(?:\s*\([^)]{0,60}\))*\s+(?:Nr\b\.?|Nummer\b)"
    r"|\b(?:Facture|Avoir)(?:\s*(?:n°|n[o°º]\.?|num[ée]ro))?"
    r"|\b(?:Invoice|Credit\s+note)(?:\s*(?:No\b\.?|Nr\b\.?|Number\b|#))?"
    r")\s*[:#]?\s*" + _INV_NUMBER_TOKEN,
    re.IGNORECASE,
)
_INV_DATE_CUE = re.compile(
    r"\b(?P<en>Invoice\s+date|Date\s+of\s+issue|Issue\s+date|Date\s+issued)"
    r"|\b(?:Rechnungsdatum|Belegdatum|Ausstellungsdatum|Datum\s+der\s+Rechnung"
    r"|Date\s+de\s+(?:la\s+)?facture|Date\s+d'émission|Date\s+d'[ée]mission|Facture\s+du)",
    re.IGNORECASE,
)
_INV_DATE_WEAK = re.compile(r"\b(?:Datum|Date)\b\s*:?\s*(?=\d)", re.IGNORECASE)

#: Total cues, best first: the gross total incl. tax, then the amount payable, then a bare
#: "Total" / "Summe". Cues followed by "ohne / HT / hors / net / der Zuschläge" are skipped.
_TOTAL_CUES = [
    re.compile(
        r"\b(?:Gesamtbetrag|Bruttosumme|Bruttobetrag|Brutto-Gesamtbetrag|Rechnungsbetrag"
        r"|Rechnungssumme|Rechnungsendbetrag|Endbetrag|Gesamtsumme|Total\s+TTC"
        r"|Montant\s+(?:total\s+)?TTC|Grand\s+total|Invoice\s+total|Total\s+amount"
        r"|Total\s+\(?incl(?:uding|\.)?\s+(?:VAT|tax)\)?)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:Zahlbetrag|Zu\s+zahlender\s+Betrag|Zu\s+zahlen|Net\s+à\s+payer|Solde\s+à\s+payer"
        r"|Montant\s+à\s+payer|Amount\s+due|Balance\s+due|Total\s+due|Amount\s+payable)\b",
        re.IGNORECASE,
    ),
    re.compile(r"(?<!Sub)(?<!Sub-)(?<!Tax )(?<!Net )(?<!Line )\b(?:Total|Summe|Gesamt)\b",
               re.IGNORECASE),
]
_NOT_GROSS = re.compile(
    r"\s*(?:der\s+(?:Zu|Ab)schläge|der\s+Positionen|ohne|netto|HT\b|hors|net\b|excl|"
    r"before|taxes?\b|USt|MwSt|VAT\b|des\s+remises|Steuer)",
    re.IGNORECASE,
)
_CUR_CODES = r"EUR|USD|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK|PLN|CZK"
_INV_AMOUNT = (
    r"(?P<neg>[-\u2212])?\s?(?P<amt>\d{1,3}(?:(?:[.,' ]|\u202f)\d{3})+(?:[.,]\d{1,2})?"
    r"|\d+(?:[.,]\d{1,2})?)(?!\d)"
)
_AFTER_TOTAL = re.compile(
    r"\s*(?:\([^)]{0,30}\))?\s*[:=]?\s*(?:in\s+)?(?P<pre>" + _CUR_CODES + r"|€|\$|£)?\s*"
    + _INV_AMOUNT + r"\s*(?P<post>" + _CUR_CODES + r"|€|\$|£)?",
)
_CURRENCY_CUE = re.compile(
    r"\b(?:Währung|Devise|Monnaie|Currency)\s*:?\s*(?P<code>" + _CUR_CODES + r")\b",
    re.IGNORECASE,
)
_CUR_ANY = re.compile(r"(?<![A-Za-z])(?:" + _CUR_CODES + r")(?![A-Za-z])|€|\$|£")


def parse_invoice_amount(raw: str) -> float | None:
    """``1.234,56`` / ``1,234.56`` / ``1 234,56`` / ``529,87`` → float: the last ``.`` or
    ``,`` followed by one or two digits is the decimal separator, others group thousands."""
    raw = raw.replace("\u202f", " ").replace("'", " ")
    m = re.search(r"[.,](\d{1,2})$", raw)
    whole, frac = (raw[: m.start()], m.group(1)) if m else (raw, "")
    digits = re.sub(r"[.,\s]", "", whole)
    if not digits.isdigit():
        return None
    return float(f"{digits}.{frac}" if frac else digits)


def _currency_code(symbol: str | None) -> str | None:
    if not symbol:
        return None
    return CURRENCY_SYMBOLS.get(symbol, symbol.upper())


def find_invoice_number(norm: NormText) -> Found | None:
    for m in _INV_NUMBER_RE.finditer(norm.text):
        token = m.group("no")
        if INV_DATE_RE.fullmatch(token) or len(token) > 40:
            continue
        return token, [m.span("no")]
    return None


def find_invoice_date(norm: NormText, number: Found | None) -> Found | None:
    text = norm.text
    for m in _INV_DATE_CUE.finditer(text):
        d = INV_DATE_RE.search(text, m.end(), m.end() + 40)
        if d is None or not re.fullmatch(r"[\s:.\-]*", text[m.end(): d.start()]):
            continue
        value = parse_invoice_date(d, month_first=bool(m.group("en")))
        if value is not None:
            return value.isoformat(), [d.span()]
    if number is not None:  # "Rechnung Nr. 471102 vom 05.03.2018", "Facture n° X du ..."
        end = number[1][0][1]
        m2 = re.compile(r"\s*,?\s*(?:vom|du|dated|of|from)\s+").match(text, end)
        if m2:
            d = INV_DATE_RE.match(text, m2.end())
            value = parse_invoice_date(d) if d else None
            if d is not None and value is not None:
                return value.isoformat(), [d.span()]
    for m in _INV_DATE_WEAK.finditer(text):
        d = INV_DATE_RE.match(text, m.end())
        value = parse_invoice_date(d) if d else None
        if d is not None and value is not None:
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
    return code, [first[code]]


def find_total_amount(norm: NormText, doc_currency: Found | None) -> Found | None:
    text = norm.text
    for cues in _TOTAL_CUES:
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
        if best is not None:
            return best
    return None


_SELLER_CUE = (
    r"Verkäufer|Lieferant|Rechnungssteller|Leistungserbringer|Vendeur|Fournisseur|Émetteur"
    r"|Seller|Supplier|Vendor"
)
_BUYER_CUE = (
    r"Käufer|Kunde|Rechnungsempfänger|Leistungsempfänger|Auftraggeber|Acheteur|Client"
    r"|Destinataire|Buyer|Customer|Bill\s+to|Billed\s+to|Sold\s+to|Facturé\s+à"
    r"|Adresse\s+de\s+(?:facturation|livraison)|Rechnungsanschrift|Invoice\s+address"
)
#: the seller's letterhead: a name with its legal form opening the first lines, before an
#: address or a dash ("Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène")
_LETTERHEAD = re.compile(
    r"(?m)^[ \t]*(?P<name>[A-ZÄÖÜÉ][^\n\-–|,]{1,60}?\s(?:SARL|SAS|SASU|SA|EURL|GmbH|AG|KG|UG|"
    r"Ltd\.?|Limited|Inc\.?|LLC|B\.V\.|N\.V\.|S\.r\.l\.|S\.p\.A\.|Oy|AB))(?=\s*(?:[-–|,]|\n|$))"
)
_LABEL_LINE = re.compile(r"^[\w.\-/ ]{1,40}:\s*$")
_NAME_LABEL = re.compile(r"\b(?:Name|Nom|Firma|Raison\s+sociale|Company)\s*:\s*", re.IGNORECASE)
_NEXT_LABEL = re.compile(r"\s(?=[A-ZÄÖÜ][\w.\-]{1,30}:)|\s*$|\s*\n\s*\n")


def _block_party(text: str, cue: str, other: str) -> tuple[str, int, int] | None:
    """Name in the block that starts with a line holding only ``cue`` (``Verkäufer``,
    ``Käufer/Leistungsempfänger``, ``Seller:``) or ``cue: Name``; the block ends at the
    next party cue or after 600 characters. Offsets into the original text."""
    line = r"(?:[ \t]*/[ \t]*[\w\-]+)?[ \t]*(?::[ \t]*(?P<rest>[^\n]*))?$"
    head = re.compile(rf"(?im)^[ \t]*(?:{cue}){line}")
    stop = re.compile(rf"(?im)^[ \t]*(?:{cue}|{other}){line}")
    for m in head.finditer(text):
        rest = (m.group("rest") or "").strip()
        if rest and not _LABEL_LINE.match(rest):
            start = m.start("rest") + (len(m.group("rest")) - len(m.group("rest").lstrip()))
            name = re.split(r"\s*[,;|]\s*|\s{3,}", rest)[0]
            return name, start, start + len(name)
        s = stop.search(text, m.end() + 1)
        block_end = min(s.start() if s else len(text), m.end() + 600)
        label = _NAME_LABEL.search(text, m.end(), block_end)
        if label is not None:
            value_end = _NEXT_LABEL.search(text, label.end(), block_end)
            end = value_end.start() if value_end else block_end
            name = text[label.end(): end].strip()
            if 2 <= len(name) <= 120:
                return name, label.end(), label.end() + len(name)
            continue
        for row in re.finditer(r"[^\n]+", text[m.end(): block_end]):
            candidate = row.group().strip()
            if not candidate:
                continue
            if _LABEL_LINE.match(candidate) or not re.search(r"[A-Za-zÄÖÜäöüÉé]{2}", candidate):
                break
            offset = m.end() + row.start() + (len(row.group()) - len(row.group().lstrip()))
            return candidate, offset, offset + len(candidate)
    return None


def find_invoice_fields(text: str, wanted: set[str]) -> tuple[
        dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Invoice rules for the ``wanted`` fields; (values, evidence)."""
    norm = NormText(text)
    data: dict[str, Any] = {}
    evidence: dict[str, list[dict[str, Any]]] = {}

    def put(field: str, found: Found | None) -> None:
        if found is not None and field in wanted:
            data[field] = found[0]
            evidence[field] = [norm.evidence(s, e) for s, e in found[1]]

    number = find_invoice_number(norm)
    put("invoice_number", number)
    if "invoice_date" in wanted:
        put("invoice_date", find_invoice_date(norm, number))
    stated = _CURRENCY_CUE.search(norm.text)
    doc_currency: Found | None = (
        (stated.group("code").upper(), [stated.span("code")]) if stated
        else find_document_currency(norm))
    total = find_total_amount(norm, doc_currency) if wanted & {
        "total_amount", "currency"} else None
    if total is not None and total[0]["currency"] is None:
        total = None  # an amount without any currency in the document is not reported
    put("total_amount", total)
    put("currency", doc_currency if stated or total is None else (
        total[0]["currency"], total[1]))
    for field, cue, other in (("seller", _SELLER_CUE, _BUYER_CUE),
                              ("buyer", _BUYER_CUE, _SELLER_CUE)):
        if field in wanted:
            party = _block_party(text, cue, other)
            if party is None and field == "seller":
                head = _LETTERHEAD.search(text, 0, min(len(text), 400))
                if head is not None:
                    party = head.group("name").strip(), head.start("name"), head.end("name")
            if party is not None:
                name, start, end = party
                data[field] = " ".join(name.split())
                evidence[field] = [{"start": start, "end": end, "text": text[start:end]}]
    return data, evidence

