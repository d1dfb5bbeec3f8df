"""Invoice fields against the structured invoice each ZUGFeRD / Factur-X PDF carries.

Every PDF under ``shared/corpus/invoices/zugferd-facturx`` embeds its invoice as UN/CEFACT
Cross Industry Invoice XML (``factur-x.xml`` / ``xrechnung.xml``; EN 16931, Factur-X 1.0
§ 4): that XML is the truth. The built-in invoice rules
(:func:`service_builtins.extraction.invoices.find_invoice_fields`) read the PDF's text —
``pdftotext`` or, with ``--parser unpdf``, the server's own parser as an upload gets it
(needs ``make build``) — and each field is compared:

* ``invoice_number``: BT-1 ``ExchangedDocument/ID``, the same string;
* ``invoice_date``: BT-2 ``IssueDateTime`` (format 102, ``YYYYMMDD``), the same day;
* ``total_amount``: BT-112 ``GrandTotalAmount`` and BT-5 ``InvoiceCurrencyCode``, the same
  amount within half a cent and the same currency;
* ``seller`` / ``buyer``: BT-27 / BT-44 ``SellerTradeParty`` / ``BuyerTradeParty`` ``Name``,
  matched as the contract scorer matches party names (:func:`score.parties_match`).

Printed per field: right, wrong (a value that is not the truth) and missing, over the
invoices whose XML has the field. PDFs without an embedded invoice are skipped.

Usage: ``.venv/bin/python bench/quality/invoice_run.py [--parser pdftotext|unpdf]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "plugins"))
import corpus
import score
from service_builtins.extraction.invoices import find_invoice_fields

FIELDS = ("invoice_number", "invoice_date", "total_amount", "seller", "buyer")
_NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
    "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
}


def embedded_invoice(pdf: Path) -> dict[str, Any] | None:
    """The truth of ``pdf`` from its embedded CII XML, or ``None`` when it carries none:
    ``{invoice_number, invoice_date (ISO), total_amount: {amount, currency}, seller, buyer}``
    (a field the XML lacks is ``None``)."""
    attachments = PdfReader(pdf).attachments
    name = next((n for n in attachments if n.lower().endswith(".xml")), None)
    if name is None:
        return None
    root = ET.fromstring(attachments[name][0])

    def text(path: str) -> str | None:
        node = root.find(path, _NS)
        return node.text.strip() if node is not None and node.text else None

    issued = text("rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString")
    trade = "rsm:SupplyChainTradeTransaction/"
    total = text(trade + "ram:ApplicableHeaderTradeSettlement/"
                 "ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount")
    return {
        "invoice_number": text("rsm:ExchangedDocument/ram:ID"),
        "invoice_date": dt.datetime.strptime(issued, "%Y%m%d").date().isoformat()
        if issued else None,
        "total_amount": {"amount": float(total), "currency": text(
            trade + "ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode")}
        if total else None,
        "seller": text(trade + "ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name"),
        "buyer": text(trade + "ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:Name"),
    }


def same(field: str, got: Any, want: Any) -> bool:
    """Whether an extracted value is the truth (see the module docstring)."""
    if field == "total_amount":
        return (isinstance(got, dict) and abs(float(got.get("amount", 0)) - want["amount"]) < 0.005
                and got.get("currency") == want["currency"])
    if field in ("seller", "buyer"):
        return isinstance(got, str) and score.parties_match(got, want)
    return str(got).strip() == str(want).strip()


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parser", choices=("pdftotext", "unpdf"), default="pdftotext")
    parser.add_argument("--errors", action="store_true", help="print each wrong or missing value")
    args = parser.parse_args(argv)
    docs = corpus.load_invoices(parser=args.parser)
    counts = {f: {"right": 0, "wrong": 0, "missing": 0} for f in FIELDS}
    scored = 0
    for doc in docs:
        truth = embedded_invoice(corpus.corpus_root() / doc.file)
        if truth is None:
            continue
        scored += 1
        data, _ = find_invoice_fields(doc.text, set(FIELDS))
        for field in FIELDS:
            want, got = truth[field], data.get(field)
            if want is None:
                continue
            outcome = "missing" if got is None else "right" if same(field, got, want) else "wrong"
            counts[field][outcome] += 1
            if args.errors and outcome != "right":
                print(f"{doc.file}: {field} truth {want!r} got {got!r}")
    print(f"PDF text: {args.parser}; {scored} invoices with an embedded CII invoice")
    print(f"{'field':<16}{'right':>7}{'wrong':>7}{'missing':>9}{'accuracy':>10}")
    for field, c in counts.items():
        total = sum(c.values())
        print(f"{field:<16}{c['right']:>7}{c['wrong']:>7}{c['missing']:>9}"
              f"{c['right'] / max(total, 1):>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
