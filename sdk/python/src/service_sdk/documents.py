"""Local document parsing for ``service plugin run``: the text and pages a plugin gets.

The engine parses a document before it calls a plugin (pdf.js for PDF, mammoth for DOCX,
html-to-text for HTML, mailparser for email; ``packages/server/src/parsing``). To run a plugin
locally the way the engine does, this module gives it the same shape from well-kept Python
parsers: ``pypdf`` for PDF (one entry per page, ``text`` = pages joined by a blank line, as the
engine), ``python-docx`` for DOCX (tables as the engine writes them, :func:`table_rows`),
Beautiful Soup for HTML (tables as the engine writes them too), the standard library for
email and text. The text of a PDF may differ from the engine's in spacing and line breaks
(another text extractor), not in content.

The parsers are the ``documents`` extra: ``pip install 'service-sdk[documents]'``.
"""

from __future__ import annotations

import email
import email.policy
import io
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

TEXT_SUFFIXES = {".txt", ".md", ".markdown", ".csv", ".json", ".xml", ".tsv"}
_DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


class DocumentParseError(Exception):
    """The document cannot be parsed (damaged, encrypted, or its parser is not installed)."""


@dataclass(frozen=True)
class ParsedDocument:
    """What the engine hands a plugin as ``document.text`` and ``document.pages``.

    Attributes:
        kind: ``pdf``, ``docx``, ``html``, ``email``, ``text`` or ``unknown`` (no text).
        text: the whole text, newlines normalised to ``\\n``; for a PDF ``"\\n\\n".join(pages)``.
        pages: one entry per PDF page; ``[text]`` for other kinds with text; ``[]`` without text.
    """

    kind: str
    text: str
    pages: list[str] = field(default_factory=list)


def _kind_of(data: bytes, filename: str, mime_type: str | None) -> str:
    suffix = Path(filename).suffix.lower()
    mime = (mime_type or "").lower()
    if data.startswith(b"%PDF-") or mime == "application/pdf" or suffix == ".pdf":
        return "pdf"
    if mime == _DOCX_MIME or suffix == ".docx":
        return "docx"
    if mime in ("text/html", "application/xhtml+xml") or suffix in (".html", ".htm", ".xhtml"):
        return "html"
    if mime == "message/rfc822" or suffix == ".eml":
        return "email"
    if mime.startswith("text/") or suffix in TEXT_SUFFIXES:
        return "text"
    return "unknown"


def _normalise(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return re.sub(r"[ \t]+\n", "\n", text).strip()


def _missing(package: str) -> DocumentParseError:
    return DocumentParseError(
        f"{package} is needed to parse this document locally: pip install 'service-sdk[documents]'"
    )


def _pdf_pages(data: bytes) -> list[str]:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError:
        raise _missing("pypdf") from None
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentParseError("the PDF is password-protected")
        return [_normalise(page.extract_text() or "") for page in reader.pages]
    except (PdfReadError, ValueError, KeyError) as exc:
        raise DocumentParseError(
            f"the PDF is damaged or truncated and could not be read ({exc})"
        ) from exc


def _docx_text(data: bytes) -> str:
    try:
        import docx
        from docx.table import Table
    except ImportError:
        raise _missing("python-docx") from None
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises zipfile/lxml/KeyError errors for damaged files
        raise DocumentParseError(f"the DOCX could not be read ({exc})") from exc
    # the engine separates paragraphs by a blank line and writes a table's rows as pipe rows
    blocks: list[str] = []
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            rows = table_rows([[cell.text for cell in _distinct_cells(row)] for row in item.rows])
            if rows:
                blocks.append(rows)
        elif item.text.strip():
            blocks.append(item.text)
    return _normalise("\n\n".join(blocks))


def _distinct_cells(row: Any) -> list[Any]:
    """The cells of a python-docx table row, a merged cell once (``row.cells`` repeats it)."""
    seen: set[int] = set()
    cells = []
    for cell in row.cells:
        if id(cell._tc) not in seen:
            seen.add(id(cell._tc))
            cells.append(cell)
    return cells


def table_rows(rows: list[list[str]]) -> str:
    """A table's text as the engine writes it (``packages/server/src/parsing/html.ts``,
    ``pipeRows``): a row of one-line cells as ``| a | b |``, a row with a multi-line cell as its
    cells' paragraphs one after another, a one-cell row as its text; empty cells dropped; rows
    separated by a newline."""
    lines = []
    for cells in rows:
        texts = [text.strip() for text in cells if text.strip()]
        if not texts:
            continue
        if len(texts) == 1 or any("\n" in text for text in texts):
            lines.append("\n\n".join(texts))
        else:
            lines.append("| " + " | ".join(texts) + " |")
    return "\n".join(lines)


def _html_text(markup: bytes | str) -> str:
    try:
        from bs4 import BeautifulSoup
    except ImportError:
        raise _missing("beautifulsoup4") from None
    soup = BeautifulSoup(markup, "html.parser")
    for hidden in soup(["script", "style", "head", "template", "noscript"]):
        hidden.decompose()
    # a table's rows as the engine writes them; the innermost tables first (find_all lists a
    # nested table after the one that holds it)
    for table in reversed(soup.find_all("table")):
        rows = [[_cell_text(cell) for cell in row.find_all(["td", "th"], recursive=False)]
                for row in table.find_all("tr") if row.find_parent("table") is table]
        table.replace_with("\n" + table_rows(rows) + "\n")
    lines = (line.strip() for line in soup.get_text("\n").splitlines())
    return _normalise("\n".join(line for line in lines if line))


_BLOCK_TAGS = ["p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "pre"]


def _cell_text(cell: Any) -> str:
    """A table cell's text: one line, or its lines when it holds blocks (a layout column)."""
    if cell.find(_BLOCK_TAGS) is None:
        return " ".join(cell.get_text().split())
    lines = (line.strip() for line in cell.get_text("\n").splitlines())
    return "\n".join(line for line in lines if line)


def _email_text(data: bytes) -> str:
    message = email.message_from_bytes(data, policy=email.policy.default)
    if not isinstance(message, EmailMessage):
        return ""
    body = message.get_body(preferencelist=("plain", "html"))
    if body is None:
        return ""
    content = body.get_content()
    text = _html_text(content) if body.get_content_type() == "text/html" else str(content)
    return _normalise(text)


def parse_document(data: bytes, filename: str, mime_type: str | None = None) -> ParsedDocument:
    """Parses ``data`` by its detected kind (magic bytes, media type, then file suffix).

    Args:
        data: the file's bytes.
        filename: the file name, for its suffix.
        mime_type: the declared media type, if any.

    Returns:
        The text and pages the engine would give a plugin; empty for an unknown kind.

    Raises:
        DocumentParseError: the file is damaged or encrypted, or its parser is not installed.
    """
    kind = _kind_of(data, filename, mime_type)
    if kind == "pdf":
        pages = _pdf_pages(data)
        if all(page == "" for page in pages):
            return ParsedDocument(kind, "", [])
        return ParsedDocument(kind, "\n\n".join(pages), pages)
    if kind == "docx":
        text = _docx_text(data)
    elif kind == "html":
        text = _html_text(data)
    elif kind == "email":
        text = _email_text(data)
    elif kind == "text":
        text = _normalise(data.decode("utf-8", errors="replace").lstrip("\ufeff"))
    else:
        text = ""
    return ParsedDocument(kind, text, [text] if text else [])
