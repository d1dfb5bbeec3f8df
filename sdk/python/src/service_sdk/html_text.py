"""HTML as the engine reads it into text, for the local harness (``service plugin run``).

The engine renders HTML (an HTML upload, an email's HTML body, a DOCX through mammoth) with
html-to-text 10 and the options of ``packages/server/src/parsing/html.ts``: no word wrap, links
as their text, images dropped, headings as written, tables and definition lists as pipe rows.
This module lays out a Beautiful Soup tree by the same block model, so a plugin sees the same
text locally as in the service:

* whitespace between words collapses to one space (the HTML whitespace characters
  ``" \\t\\r\\n\\f\\u200b"``; a no-break space is part of a word);
* a block stands at least its *leading* line breaks after what precedes it and its *trailing*
  line breaks before what follows; two neighbours are separated by the larger of the two, not
  the sum (``p`` 2/2, ``h1`` to ``h3`` 3/2, ``h4`` to ``h6`` 2/2, ``div`` and the sectioning
  elements 1/1, ``ul``/``ol``/``blockquote``/``pre``/``hr``/``table``/``dl`` 2/2);
* ``br`` ends a line; ``pre`` keeps its text as written; a blockquote's lines start with
  ``"> "``; list items start with ``" * "`` or ``" 1. "`` and their next lines are indented;
* a table row of one-line cells is ``| a | b |`` (:func:`table_rows`), as is a term and its
  descriptions in a ``dl``.

``tests/test_html_text.py`` checks the result against the engine's own text of the same files
(``packages/server/test/parsing/fixtures/*.html.txt``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_WHITESPACE = " \t\r\n\f\u200b"
_WORD = re.compile(f"[^{_WHITESPACE}]+")
# html-to-text's `limits.maxInputLength`: longer markup is cut there
MAX_INPUT_LENGTH = 1 << 24
_BLOCKS = dict.fromkeys(
    ("article", "aside", "div", "footer", "form", "header", "main", "nav", "section"), (1, 1))
_BLOCKS.update({"p": (2, 2), "h1": (3, 2), "h2": (3, 2), "h3": (3, 2),
                "h4": (2, 2), "h5": (2, 2), "h6": (2, 2)})
_HR_LENGTH = 40


@dataclass
class _Box:
    """A block, list item or table cell being written: finished lines of words, the words of
    the current line, and text already laid out (``raw``)."""

    leading: int = 1
    is_pre: bool = False
    lines: list[list[str]] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    raw: str = ""
    stashed_breaks: int = 0
    stashed_space: bool = False

    def new_line(self, count: int = 1) -> None:
        self.lines.append(self.words)
        self.lines.extend([] for _ in range(count - 1))
        self.words = []

    def text(self) -> str:
        if not self.lines and not self.words:
            return self.raw
        return self.raw + "\n".join(" ".join(line) for line in [*self.lines, self.words])

    def add_text(self, text: str, leading: int, trailing: int) -> None:
        """Adds a finished block's text below what this box holds."""
        before = self.text()
        breaks = max(self.stashed_breaks, leading)
        self.lines, self.words = [], []
        if before:
            self.raw = before + "\n" * breaks + text
        else:
            self.raw = text
            self.leading = breaks
        self.stashed_breaks = trailing


@dataclass
class _List(_Box):
    max_prefix: int = 0


@dataclass
class _ListItem(_Box):
    prefix: str = ""


@dataclass
class _Table:
    rows: list[list[str]] = field(default_factory=list)
    cells: list[str] | None = None  # the row being written


class _Layout:
    """The stack of open boxes; the bottom one is the document."""

    def __init__(self) -> None:
        self.stack: list[_Box | _Table] = [_Box()]

    @property
    def top(self) -> _Box | _Table:
        return self.stack[-1]

    def add_inline(self, text: str) -> None:
        box = self.top
        if not isinstance(box, _Box) or not text:
            return
        if box.is_pre:
            box.raw += text
            return
        words = _WORD.findall(text)
        if box.stashed_breaks and not words:
            return  # line breaks to come make the whitespace irrelevant
        if box.stashed_breaks:
            box.new_line(box.stashed_breaks)
        if words:
            first, *rest = words
            if box.stashed_space or text[0] in _WHITESPACE or not box.words:
                box.words.append(first)
            else:
                box.words[-1] += first
            box.words.extend(rest)
            box.stashed_space = text[-1] in _WHITESPACE
        else:
            box.stashed_space = box.stashed_space or text[-1] in _WHITESPACE
        box.stashed_breaks = 0

    def line_break(self) -> None:
        box = self.top
        if isinstance(box, _Box):
            if box.is_pre:
                box.raw += "\n"
            else:
                box.new_line()

    def open_block(self, leading: int, *, pre: bool = False) -> None:
        parent = self.top
        self.stack.append(_Box(leading=leading, is_pre=pre or getattr(parent, "is_pre", False)))

    def close_block(self, trailing: int, transform: Callable[[str], str] | None = None) -> None:
        block = self.stack.pop()
        assert isinstance(block, _Box)
        text = block.text()
        self.box().add_text(transform(text) if transform else text, block.leading,
                                    max(block.stashed_breaks, trailing))

    def box(self) -> _Box:
        """The open block, list item or table cell that text goes into."""
        box = self.top
        assert isinstance(box, _Box)
        return box


def _trim_newlines(text: str) -> str:
    return text.strip("\n")


def _quote(text: str) -> str:
    return "\n".join("> " + line for line in _trim_newlines(text).split("\n"))


def _roman(number: int) -> str:
    numerals = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    out = []
    for value, numeral in numerals:
        count, number = divmod(number, value)
        out.append(numeral * count)
    return "".join(out)


def _letters(number: int, alphabet: str) -> str:
    out = ""
    while number > 0:
        number, remainder = divmod(number - 1, 26)
        out = alphabet[remainder] + out
    return out


def _marker(kind: str, number: int) -> str:
    if kind == "a":
        return _letters(number, "abcdefghijklmnopqrstuvwxyz")
    if kind == "A":
        return _letters(number, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if kind in ("i", "I"):
        return _roman(number).lower() if kind == "i" else _roman(number)
    return str(number)


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


def _tag_children(node: Any, names: tuple[str, ...]) -> list[Any]:
    return [child for child in node.children if getattr(child, "name", None) in names]


class _Walker:
    def __init__(self) -> None:
        from bs4.element import NavigableString, PreformattedString, Tag
        self.layout = _Layout()
        self._tag, self._string, self._markup = Tag, NavigableString, PreformattedString

    def walk(self, nodes: Any) -> None:
        for node in nodes:
            if isinstance(node, self._tag):
                self.element(node)
            # comments, doctypes and processing instructions are no text
            elif isinstance(node, self._string) and not isinstance(node, self._markup):
                self.layout.add_inline(str(node))

    def element(self, node: Any) -> None:
        name = node.name
        layout = self.layout
        if name in ("script", "style", "img", "title"):
            return
        if name in _BLOCKS:
            leading, trailing = _BLOCKS[name]
            layout.open_block(leading)
            self.walk(node.children)
            layout.close_block(trailing)
        elif name == "br":
            layout.line_break()
        elif name == "pre":
            layout.open_block(2, pre=True)
            self.walk(node.children)
            layout.close_block(2)
        elif name == "blockquote":
            layout.open_block(2)
            self.walk(node.children)
            layout.close_block(2, _quote)
        elif name == "hr":
            layout.open_block(2)
            layout.add_inline("-" * _HR_LENGTH)
            layout.close_block(2)
        elif name in ("ul", "ol"):
            self.add_list(node)
        elif name == "table":
            self.table(self.table_rows(node))
        elif name == "dl":
            self.table(self.definition_rows(node))
        else:  # inline: a, b, span, li outside a list, ...
            self.walk(node.children)

    def add_list(self, node: Any) -> None:
        nested = getattr(node.parent, "name", None) == "li"
        start = str(node.get("start") or "1").strip()
        number = int(start) if re.fullmatch(r"-?\d+", start) else 1
        items: list[tuple[Any, str]] = []
        for child in node.children:
            if isinstance(child, self._string) and not isinstance(child, self._markup) \
                    and not str(child).strip(_WHITESPACE):
                continue
            if getattr(child, "name", None) != "li":
                items.append((child, ""))
                continue
            if node.name == "ol":
                prefix = f" {_marker(node.get('type') or '1', number)}. "
                number += 1
            else:
                prefix = " * "
            items.append((child, prefix.lstrip() if nested else prefix))
        if not items:
            return
        layout = self.layout
        width = max(len(prefix) for _, prefix in items)
        parent_pre = getattr(layout.top, "is_pre", False)
        layout.stack.append(_List(leading=1 if nested else 2, is_pre=parent_pre, max_prefix=width))
        for child, prefix in items:
            layout.stack.append(_ListItem(leading=1, is_pre=parent_pre, prefix=prefix))
            self.walk([child])
            item = layout.stack.pop()
            assert isinstance(item, _ListItem)
            owner = layout.top
            assert isinstance(owner, _List)
            indent = max(len(item.prefix), owner.max_prefix)
            text = item.prefix.ljust(indent) + item.text().replace("\n", "\n" + " " * indent)
            owner.add_text(text, item.leading, max(item.stashed_breaks, 1))
        finished = layout.stack.pop()
        assert isinstance(finished, _List)
        if text := finished.text():
            layout.box().add_text(text, finished.leading, 1 if nested else 2)

    def cell(self, node: Any) -> str:
        layout = self.layout
        layout.stack.append(_Box(is_pre=getattr(layout.top, "is_pre", False)))
        self.walk(node.children)
        box = layout.stack.pop()
        assert isinstance(box, _Box)
        return _trim_newlines(box.text())

    def table_rows(self, table: Any) -> list[list[str]]:
        rows: list[list[str]] = []
        for part in _tag_children(table, ("thead", "tbody", "tfoot", "tr")):
            for row in [part] if part.name == "tr" else _tag_children(part, ("tr",)):
                rows.append([self.cell(cell) for cell in _tag_children(row, ("td", "th"))])
        return rows

    def definition_rows(self, dl: Any) -> list[list[str]]:
        rows: list[list[str]] = []
        for child in _tag_children(dl, ("dt", "dd")):
            if child.name == "dt" or not rows:
                rows.append([])
            rows[-1].append(self.cell(child))
        return rows

    def table(self, rows: list[list[str]]) -> None:
        if text := table_rows(rows):
            self.layout.box().add_text(text, 2, 2)


def html_to_text(markup: str) -> str:
    """The text of an HTML document as the engine's ``htmlToPlainText`` gives it.

    Args:
        markup: the HTML, decoded; its ``<body>`` is read when it has one, else the whole tree.

    Returns:
        The text, trimmed, lines separated by ``\\n`` (see the module docstring for the layout).

    Raises:
        ImportError: Beautiful Soup is not installed (the SDK's ``documents`` extra).
    """
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(markup[:MAX_INPUT_LENGTH], "html.parser")
    walker = _Walker()
    walker.walk(soup.body.children if soup.body is not None else soup.children)
    root = walker.layout.stack[0]
    assert isinstance(root, _Box)
    return root.text().replace("\r\n", "\n").replace("\r", "\n").strip()
