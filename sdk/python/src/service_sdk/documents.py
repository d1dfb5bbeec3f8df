"""Local document parsing for ``service plugin run``: the text and pages a plugin gets.

The engine parses a document before it calls a plugin (pdf.js for PDF, mammoth for DOCX,
html-to-text for HTML, mailparser for email; ``packages/server/src/parsing``). To run a plugin
locally the way the engine does, this module gives it the same shape from well-kept Python
parsers: ``pypdf`` for PDF (one entry per page, ``text`` = pages joined by a blank line, as the
engine); mammoth's Python port for DOCX, whose HTML is the same as mammoth.js's; HTML (and a
DOCX's HTML, and an email's HTML body) laid out as the engine's html-to-text does by
:mod:`service_sdk.html_text`; the standard library for email and text; a Markdown file without
its YAML front matter, as the engine. The text of a PDF may differ from the engine's in spacing
and line breaks (another text extractor), not in content; the text of DOCX and HTML is the
engine's (``tests/test_html_text.py`` compares them on the engine's own fixtures).

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

from service_sdk.html_text import html_to_text

TEXT_SUFFIXES = {".txt", ".md", ".markdown", ".csv", ".json", ".xml", ".tsv"}
_DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


class DocumentParseError(Exception):
    """The document cannot be parsed (damaged, encrypted, or its parser is not installed)."""


@dataclass(frozen=True)
class ParsedDocument:
    """What the engine hands a plugin as ``document.text`` and ``document.pages``.

    Attributes:
        kind: ``pdf``, ``docx``, ``html``, ``email``, ``text`` or ``unknown`` (no text); with
            :func:`parse_with_engine`, the engine's kinds.
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


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


_FRONT_MATTER = re.compile(r"---\n([\s\S]*?)\n---[ \t]*(?:\n|$)")


def _markdown_text(text: str) -> str:
    """A Markdown file's text as the engine's ``parseMarkdown``: without its YAML front matter."""
    front = _FRONT_MATTER.match(text)
    return text[front.end():].lstrip("\n") if front else text


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
        return [re.sub(r"[ \t]+\n", "\n", _newlines(page.extract_text() or "")).strip()
                for page in reader.pages]
    except (PdfReadError, ValueError, KeyError) as exc:
        raise DocumentParseError(
            f"the PDF is damaged or truncated and could not be read ({exc})"
        ) from exc


def _docx_text(data: bytes) -> str:
    # as the engine: mammoth's HTML of the document, read as text; images dropped
    try:
        import mammoth  # type: ignore[import-untyped]  # ships no type information
    except ImportError:
        raise _missing("mammoth") from None
    try:
        result = mammoth.convert_to_html(
            io.BytesIO(data), convert_image=mammoth.images.img_element(lambda _image: {"src": ""}))
    except Exception as exc:  # mammoth raises zipfile, KeyError or XML errors for damaged files
        raise DocumentParseError(f"the DOCX could not be read ({exc})") from exc
    return re.sub(r"\n{3,}", "\n\n", html_to_text(result.value)).strip()


def _html_text(markup: bytes | str) -> str:
    if isinstance(markup, bytes):
        try:
            from bs4 import UnicodeDammit
        except ImportError:
            raise _missing("beautifulsoup4") from None
        markup = UnicodeDammit(markup, is_html=True).unicode_markup or ""
    try:
        return html_to_text(markup)
    except ImportError:
        raise _missing("beautifulsoup4") from None


def _inline_parts(part: EmailMessage) -> list[EmailMessage]:
    """The leaf parts of a message that are its body, not attachments (a forwarded message, a
    named or ``attachment`` part), in order."""
    if part.is_multipart():
        if part.get_content_type() == "message/rfc822":
            return []
        return [leaf for sub in part.iter_parts() if isinstance(sub, EmailMessage)
                for leaf in _inline_parts(sub)]
    return [] if part.is_attachment() or part.get_filename() else [part]


#: the labels the WHATWG Encoding Standard (section 4.2) reads as windows-1252, as mail clients
#: and the engine's mailparser do: a part that says ISO-8859-1 may hold a curly quote (0x82-0x94)
_WINDOWS_1252_LABELS = frozenset([
    "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
    "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
    "us-ascii", "windows-1252", "x-cp1252"])
#: windows-1252's characters at 0x80-0x9F; the five bytes it leaves undefined stay as they are
_WINDOWS_1252_HIGH = {byte: bytes([byte]).decode("cp1252") for byte in range(0x80, 0xA0)
                      if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}


def _part_text(part: EmailMessage) -> str:
    """A text part's content, decoded by its charset (windows-1252 for the labels that mean it)."""
    charset = (part.get_content_charset() or "us-ascii").lower()
    payload = part.get_payload(decode=True)
    if charset not in _WINDOWS_1252_LABELS or not isinstance(payload, bytes):
        return str(part.get_content())
    return payload.decode("latin-1").translate(_WINDOWS_1252_HIGH)


def _email_text(data: bytes) -> str:
    """As the engine (mailparser): the message's inline plain-text parts joined by a newline,
    else its HTML parts as text, else its subject."""
    message = email.message_from_bytes(data, policy=email.policy.default)
    if not isinstance(message, EmailMessage):
        return ""
    parts = _inline_parts(message)
    plain = [_part_text(part) for part in parts if part.get_content_type() == "text/plain"]
    text = _newlines("\n".join(plain)).strip()
    if not text:
        html = [_part_text(part) for part in parts if part.get_content_type() == "text/html"]
        text = _html_text("<br/>\n".join(html)) if html else ""
    return text or str(message.get("subject") or "").strip()


def parse_with_engine(path: str, mime_type: str | None = None,
                      command: str = "service-server") -> ParsedDocument:
    """Parses the file at ``path`` with the service's own parser: ``<command> parse`` (the
    engine's CLI, ``packages/server``), so the text is the engine's for every kind, a PDF's
    line breaks and an OCRed scan included.

    Args:
        path: the file.
        mime_type: the media type an upload would declare, if any.
        command: the engine's CLI, a path or a name on ``PATH``; ``service-server`` is found
            in the repository's ``node_modules/.bin`` too.

    Returns:
        The engine's kind (``pdf``, ``docx``, ``html``, ``markdown``, ``text``, ``email``,
        ``image``), text and pages.

    Raises:
        DocumentParseError: the command is not found or fails, or the engine cannot parse the
            file (its message and code).
    """
    import json
    import shutil
    import subprocess

    local = Path("node_modules") / ".bin" / command
    exe = shutil.which(command) or (str(local) if local.is_file() else None)
    if exe is None:
        raise DocumentParseError(
            f"the engine's parser `{command} parse` is not on PATH (in the repository, `make "
            "install` puts it at node_modules/.bin/service-server)")
    argv = [exe, "parse", *(["--mime", mime_type] if mime_type else []), path]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=900, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise DocumentParseError(f"`{' '.join(argv)}` failed: {exc}") from exc
    lines = done.stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        raise DocumentParseError(
            f"`{' '.join(argv)}` exited with {done.returncode} and printed no report: "
            f"{done.stderr.strip()[-500:]}") from None
    if "error" in report:
        raise DocumentParseError(str(report["error"].get("message")))
    return ParsedDocument(report["kind"], report["text"], list(report["pages"]))


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
        text = _newlines(data.decode("utf-8", errors="replace").removeprefix("\ufeff"))
        if Path(filename).suffix.lower() in (".md", ".markdown") \
                or (mime_type or "").lower().startswith("text/markdown"):
            text = _markdown_text(text)
        if not text.strip():
            text = ""
    else:
        text = ""
    return ParsedDocument(kind, text, [text] if text else [])
