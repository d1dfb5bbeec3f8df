"""Local parsing of documents for ``service plugin run`` (service_sdk.documents)."""

from __future__ import annotations

import io
from pathlib import Path

import docx
import pytest
from pypdf import PdfWriter

from service_sdk.documents import DocumentParseError, parse_document

CUAD = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "cuad" / "pdf"
CUAD_PDF = CUAD / "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.pdf"
needs_corpus = pytest.mark.skipif(not CUAD_PDF.is_file(), reason=f"corpus not at {CUAD}")


@needs_corpus
def test_pdf_gives_one_text_per_page_joined_by_a_blank_line() -> None:
    parsed = parse_document(CUAD_PDF.read_bytes(), CUAD_PDF.name)
    assert parsed.kind == "pdf"
    assert len(parsed.pages) > 1
    assert parsed.text == "\n\n".join(parsed.pages)
    # The PDF spaces words with U+00A0 (pdf.js keeps them too).
    assert "ENDORSEMENT AGREEMENT" in " ".join(parsed.text.split()).upper()


def test_pdf_without_text_layer_is_empty() -> None:
    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    buffer = io.BytesIO()
    writer.write(buffer)
    parsed = parse_document(buffer.getvalue(), "scan.pdf")
    assert (parsed.kind, parsed.text, parsed.pages) == ("pdf", "", [])


def test_damaged_pdf_raises_a_clear_error() -> None:
    with pytest.raises(DocumentParseError, match="damaged or truncated"):
        parse_document(b"%PDF-1.7\n1 0 obj <<", "broken.pdf")


def test_docx_paragraphs_are_separated_by_a_blank_line() -> None:
    document = docx.Document()
    document.add_paragraph("Supply Agreement")
    document.add_paragraph("The supplier delivers monthly.")
    buffer = io.BytesIO()
    document.save(buffer)
    parsed = parse_document(buffer.getvalue(), "contract.docx")
    assert parsed.kind == "docx"
    assert parsed.text == "Supply Agreement\n\nThe supplier delivers monthly."
    assert parsed.pages == [parsed.text]


def test_docx_tables_are_rows_in_document_order() -> None:
    # as the engine writes them (decision 306): one-line cells as a pipe row, a merged cell once
    document = docx.Document()
    document.add_paragraph("Master Services Agreement")
    table = document.add_table(rows=3, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Initial Term", "3 years"
    table.cell(1, 0).text = "Governing Law"
    table.cell(2, 0).merge(table.cell(2, 1)).text = "Signatures"
    document.add_paragraph("1. Services.")
    buffer = io.BytesIO()
    document.save(buffer)
    parsed = parse_document(buffer.getvalue(), "contract.docx")
    assert parsed.text == ("Master Services Agreement\n\n| Initial Term | 3 years |\n"
                           "Governing Law\nSignatures\n\n1. Services.")


def test_html_tables_are_rows_as_the_engine_writes_them() -> None:
    # the HTML of packages/server/test/parsing/text.test.ts, the same rows
    html = (b"<html><body><h1>Mutual Non-Disclosure Agreement</h1><table><tbody>"
            b"<tr><th>Effective Date</th><td>June 1, 2025</td></tr>"
            b"<tr><td>MNDA Term</td><td>Expires 1 year from <b>Effective Date</b>.</td></tr>"
            b"<tr><td>Governing Law</td><td></td></tr></tbody></table>"
            b"<table><tr><td><p>Purpose</p><p>Evaluation.</p></td><td><p>Left</p><p>Right</p>"
            b"</td></tr></table></body></html>")
    parsed = parse_document(html, "cover.html")
    rows = "| Effective Date | June 1, 2025 |\n| MNDA Term | Expires 1 year from Effective Date. |"
    assert rows in parsed.text
    assert "\nGoverning Law\n" in parsed.text
    assert "Purpose\n\nEvaluation.\n\nLeft\n\nRight" in parsed.text


def test_html_text_leaves_out_scripts_and_styles() -> None:
    html = b"<html><head><style>p{}</style></head><body><h1>Invoice</h1><script>x()</script>" \
        b"<p>Amount due: 12 EUR</p></body></html>"
    parsed = parse_document(html, "invoice.html")
    assert parsed.text == "Invoice\n\nAmount due: 12 EUR"


def test_email_body_is_the_text() -> None:
    message = b"From: a@example.com\r\nTo: b@example.com\r\nSubject: hi\r\n" \
        b"Content-Type: text/plain; charset=utf-8\r\n\r\nPlease find the invoice attached.\r\n"
    parsed = parse_document(message, "mail.eml")
    assert (parsed.kind, parsed.text) == ("email", "Please find the invoice attached.")


def test_text_and_unknown_kinds() -> None:
    assert parse_document(b"\xef\xbb\xbfhello\r\nworld", "a.txt").text == "hello\nworld"
    assert parse_document(b"\x00\x01", "blob.bin").pages == []


def test_markdown_loses_its_front_matter_as_in_the_engine() -> None:
    source = b"---\ntitle: Mutual NDA\n---\n\n# Standard Terms\r\n\r\n1. **Introduction**.  \n"
    parsed = parse_document(source, "nda.md")
    assert parsed.text == "# Standard Terms\n\n1. **Introduction**.  \n"
    assert parse_document(source, "nda.txt").text.startswith("---\ntitle: Mutual NDA")
