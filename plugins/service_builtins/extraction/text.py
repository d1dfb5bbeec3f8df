"""The contract text as the finders read it: whitespace collapsed, quotes straightened, with a
map back to the original offsets (so evidence points into ``document.text``)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any, TypeVar

from .folding import (
    case_twin,
    fold_case,
    leading_literals,
    required_literals,
    sensitive_scanner,
    start_scanner,
)
from .matcher import pattern

#: Offsets ``[start, end)`` into :attr:`NormText.text`.
Span = tuple[int, int]
#: What a finder returns: the value and the spans it was read from.
Found = tuple[Any, list[Span]]

#: Characters (after whitespace normalisation) treated as the preamble.
PREAMBLE_CHARS = 4000

_QUOTES = (("\u201c", '"'), ("\u201d", '"'), ("\u2018", "'"), ("\u2019", "'"))
#: whitespace runs that shift offsets (a single whitespace character becomes one space)
_LONG_SPACE = pattern("shared.long_space")
_SENTENCE_CUT = pattern("shared.sentence_cut")
T = TypeVar("T")


class NormText:
    """``text`` with whitespace runs collapsed to one space and curly quotes made straight,
    keeping a map back to the original offsets (:meth:`offset`). Finders share one
    instance per document, so expensive scans (all dates, all durations, the term clause)
    are computed once (:meth:`all_matches`, :meth:`memo`); :meth:`finditer` scans with a
    case-insensitive pattern at the cost of a case-sensitive one."""

    def __init__(self, original: str) -> None:
        self.original = original
        #: what the finders read, of the same length as ``original`` (so offsets are shared):
        #: a two-column table's rows read as labels (:func:`key_value_rows`), Markdown's
        #: inline markup marked for removal (:func:`inline_markup`)
        self._source = inline_markup(key_value_rows(original))
        #: whether the source has markup to drop (else the faster whitespace-only path)
        self._marked = _DROPPED in self._source
        source = self._source.replace(_DROPPED, "") if self._marked else self._source
        text = " ".join(source.split())
        for curly, straight in _QUOTES:
            if curly in text:
                text = text.replace(curly, straight)
        self.text = text
        self._matches: dict[re.Pattern[str], list[re.Match[str]]] = {}
        self._memo: dict[str, Any] = {}
        #: field → the id of the rule whose answer the field's finder returned (:meth:`note`)
        self.rules: dict[str, str] = {}

    @cached_property
    def folded(self) -> str:
        """:attr:`text` lower-cased, same length (:func:`.folding.fold_case`)."""
        return fold_case(self.text)

    @cached_property
    def _shifts(self) -> tuple[int, list[int], list[int]]:
        """(leading whitespace, the normalised positions of the spaces that stand for a run
        of two or more whitespace characters, the total shift after each of them). Dropped
        markup between two characters of the text is recorded at the normalised position
        before the next character, so that character maps past the markup."""
        original = self._source
        if self._marked:
            lead = _LEAD.match(original).end()  # type: ignore[union-attr]  # always matches
            gaps = _GAP.finditer(original, lead)
        else:
            lead = len(original) - len(original.lstrip())
            gaps = _LONG_SPACE.finditer(original, lead)
        positions: list[int] = []
        shifts = [0]
        for m in gaps:
            if m.end() == len(original):
                break  # trailing whitespace: nothing of the text follows
            at = m.start() - lead - shifts[-1]
            gap = m.group()
            if gap.strip(_DROPPED):  # whitespace: one space at ``at``
                markup = len(gap) - len(gap.lstrip(_DROPPED))
                if markup:  # the space maps to its first whitespace character, not markup
                    positions.append(at - 1)
                    shifts.append(shifts[-1] + markup)
                positions.append(at)
                shifts.append(shifts[-1] + len(gap) - markup - 1)
            else:  # markup alone, between two characters: nothing stands for it
                positions.append(at - 1)
                shifts.append(shifts[-1] + m.end() - m.start())
        return lead, positions, shifts

    def offset(self, pos: int) -> int:
        """The original offset of normalised position ``pos`` (``0 <= pos <= len(text)``;
        a space maps to the first character of its whitespace run, ``len(text)`` to
        ``len(original)``)."""
        if pos >= len(self.text):
            return len(self.original)
        lead, positions, shifts = self._shifts
        return pos + lead + shifts[bisect_left(positions, pos)]

    def finditer(
        self, pattern: re.Pattern[str], start: int = 0, end: int | None = None,
        cue: re.Pattern[str] | None = None,
    ) -> Iterator[re.Match[str]]:
        """The matches of ``pattern.finditer(self.text, start, end)``, the same match
        objects' spans and groups; a case-insensitive pattern runs as its case-sensitive
        twin over :attr:`folded` (:func:`.folding.case_twin`), each hit then matched by
        ``pattern`` itself at its start. With ``cue`` (a keyword pattern: every match of
        ``pattern`` starts where a match of ``cue`` starts, and no match of ``pattern``
        starts inside a match of ``cue``), ``pattern`` is only tried where ``cue`` is found
        (by this method), not at every position. A pattern whose required literals
        (:func:`.folding.required_literals`) the folded text lacks is not scanned at all; a
        twin whose matches start with one of a few literals (:func:`.folding.
        leading_literals`) is tried only where they occur, not wherever its first letters do."""
        stop = len(self.text) if end is None else end
        if cue is not None:
            resume = start
            for hit in self.finditer(cue, start, stop):
                if hit.start() >= resume:
                    real = pattern.match(self.text, hit.start(), stop)
                    if real is not None:
                        yield real
                        resume = max(real.end(), real.start() + 1)
            return
        twin = case_twin(pattern)
        if twin is None:
            yield from self._finditer_sensitive(pattern, start, stop)
            return
        if _lacks_needles(self.folded, pattern, start, stop):
            return
        starts = _literal_starts(self.folded, leading_literals(twin, single_spaces=True),
                                 start, stop)
        if starts is not None:
            yield from self._finditer_at(pattern, twin, starts, start, stop)
            return
        # the scanner finds every start of a twin match (overlapping too) quickly; without
        # one, the twin's own non-overlapping matches are the starts
        scanner = start_scanner(pattern)
        resume = start
        for hit in (scanner or twin).finditer(self.folded, start, stop):
            at = hit.start()
            if at < resume:
                continue
            real = pattern.match(self.text, at, stop)
            end = hit.end() if scanner is None else _end(twin.match(self.folded, at, stop))
            if real is None or real.end() != end:  # never expected: trust the pattern
                yield from pattern.finditer(self.text, resume, stop)
                return
            yield real
            resume = max(real.end(), at + 1)

    def _finditer_at(
        self, pattern: re.Pattern[str], twin: re.Pattern[str], starts: list[int], start: int,
        stop: int,
    ) -> Iterator[re.Match[str]]:
        """The matches of ``pattern`` in ``[start, stop)``, found by trying its ``twin`` at
        ``starts`` (ascending; every place a twin match can start is among them): the
        scanner's loop over places the twin's leading literals give."""
        resume = start
        for at in starts:
            if at < resume:
                continue
            hit = twin.match(self.folded, at, stop)
            if hit is None:
                continue
            real = pattern.match(self.text, at, stop)
            if real is None or real.end() != hit.end():  # never expected: trust the pattern
                yield from pattern.finditer(self.text, resume, stop)
                return
            yield real
            resume = max(real.end(), at + 1)

    def _finditer_sensitive(
        self, pattern: re.Pattern[str], start: int, stop: int
    ) -> Iterator[re.Match[str]]:
        """``pattern.finditer(self.text, start, stop)`` for a pattern without a twin, through
        its :func:`.folding.sensitive_scanner` when it has one (a case-sensitive pattern)."""
        if _lacks_needles(self.folded, pattern, start, stop):
            return
        scanner = sensitive_scanner(pattern)
        if scanner is None:
            yield from pattern.finditer(self.text, start, stop)
            return
        resume = start
        for hit in scanner.finditer(self.text, start, stop):
            at = hit.start()
            if at < resume:
                continue
            real = pattern.match(self.text, at, stop)
            if real is None:  # never expected: trust the pattern
                yield from pattern.finditer(self.text, resume, stop)
                return
            yield real
            resume = max(real.end(), at + 1)

    def all_matches(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """Every match of ``pattern`` in the text (computed once per pattern)."""
        found = self._matches.get(pattern)
        if found is None:
            found = self._matches[pattern] = list(self.finditer(pattern))
        return found

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` once per document under ``key`` (e.g. the term clause)."""
        if key not in self._memo:
            self._memo[key] = compute()
        value: T = self._memo[key]
        return value

    def note(self, field: str, rule: str) -> None:
        """Record that ``field``'s finder answers by ``rule`` (a short id such as
        ``"defined_term"``); a feature of the value's confidence (:mod:`.confidence`)."""
        self.rules[field] = rule

    def evidence(self, start: int, end: int) -> dict[str, Any]:
        """Evidence entry ``{"start", "end", "text"}`` (original offsets, ``end`` exclusive)
        for the normalised span ``[start, end)``."""
        o_start = self.offset(start)
        o_end = self.offset(end - 1) + 1 if end > start else o_start
        return {"start": o_start, "end": o_end, "text": self.original[o_start:o_end]}


#: Markdown's inline markup around words: "**Delaware**", "<span ...>", "[Delaware](url)"
_MARKUP = pattern("shared.inline_markup")
#: what :func:`inline_markup` writes for a character of markup (NUL: never text of a document)
_DROPPED = "\x00"
#: a template's variable, "<span class="coverpage_link">Governing Law</span>": a placeholder
_VARIABLE = pattern("shared.template_variable")
#: a gap :class:`NormText` closes up when the source has markup: whitespace and dropped markup
#: with at least one character of markup (one space when it holds whitespace, else nothing),
#: or a run of two or more whitespace characters
_GAP = re.compile(r"[\s\x00]*\x00[\s\x00]*|\s{2,}")
_LEAD = re.compile(r"[\s\x00]*")


def inline_markup(text: str) -> str:
    """``text`` with each character of Markdown's inline markup (:data:`_MARKUP`: bold
    around words, inline HTML tags, a link's brackets and address) written as NUL, of the same
    length; :class:`NormText` drops them, so the finders read "the laws of **Delaware**" as
    "the laws of Delaware" and "(“**Acme**”)" as "("Acme")" (CommonMark 0.31, sections 6.2,
    6.3, 6.6). Contracts written in Markdown (Common Paper's cover pages, order forms) bold
    the defined terms and the values; a redaction "[***]" or a blank "____" is no markup. A
    template's variable (:data:`_VARIABLE`) reads as its placeholder, "[Governing Law]": the
    name of a value filled in elsewhere is not the value."""
    if "**" not in text and "<" not in text and "](" not in text:
        return text
    text = _VARIABLE.sub(_placeholder, text.replace(_DROPPED, " ")) if "<span" in text else text
    return _MARKUP.sub(_dropped, text)


def _dropped(m: re.Match[str]) -> str:
    """A match of :data:`_MARKUP` as dropped markup, same length; of a bold pair only its
    asterisks ("**Delaware**": the word stays)."""
    words = m.group("bold")
    if words is None:
        return _DROPPED * len(m.group())
    return _DROPPED * 2 + words + _DROPPED * 2


def _placeholder(m: re.Match[str]) -> str:
    """A template variable's element as its placeholder, same length: "<span
    class="coverpage_link">Governing Law</span>" → "[Governing Law]" and dropped markup."""
    opening, closing = m.group("open"), m.group("close")
    return (_DROPPED * (len(opening) - 1) + "[" + m.group("name") + "]"
            + _DROPPED * (len(closing) - 1))


#: a row of a two-column pipe table (Markdown, or plain text laid out so): "| Initial Term | 3
#: years |"; the label cell is short
_KEY_VALUE_ROW = pattern("shared.key_value_row")
#: a table's rule line: "|---|:---:|"
_TABLE_RULE = pattern("shared.table_rule")


def key_value_rows(text: str) -> str:
    """``text`` with each row of a two-column pipe table written as a label and its value, of
    the same length: "| Initial Term | 3 years |" → "  Initial Term : 3 years  ." (the
    bars become a space, a colon and a full stop), rule lines "|---|---|" blank; other text
    unchanged. Order forms and cover sheets in Markdown state their terms so, and the finders
    read "Initial Term: 3 years" (GitHub Flavored Markdown tables, spec section 4.10)."""
    if "|" not in text:
        return text

    def row(m: re.Match[str]) -> str:
        indent, label, value, trail = m.groups()
        return m.group() if not label.strip() else f"{indent} {label}:{value}.{trail}"

    text = _TABLE_RULE.sub(lambda m: " " * len(m.group()), text)  # before the rows: "|---|---|"
    return _KEY_VALUE_ROW.sub(row, text)


def _lacks_needles(folded: str, pattern: re.Pattern[str], start: int, stop: int) -> bool:
    """Whether ``folded[start:stop]`` (:attr:`NormText.folded`) holds no string of one of
    ``pattern``'s needle sets (:func:`.folding.required_literals`), so that ``pattern`` has
    no match in the text there: a substring search (``str.find``) costs a fraction of
    ``re``'s scan, which tries the pattern wherever its first characters occur."""
    return any(all(folded.find(needle, start, stop) < 0 for needle in needles)
               for needles in required_literals(pattern))


#: The most places :func:`_literal_starts` collects before it leaves the scan to the start
#: scanner (whose loop runs in ``re``, not in Python).
_MAX_LITERAL_STARTS = 2000


def _literal_starts(folded: str, literals: frozenset[str] | None, start: int, stop: int
                    ) -> list[int] | None:
    """The places in ``folded[start:stop]`` where one of ``literals`` (a twin's
    :func:`.folding.leading_literals`) occurs whole, ascending and each once; ``None`` without
    literals or past :data:`_MAX_LITERAL_STARTS` places."""
    if literals is None:
        return None
    found: set[int] = set()
    for literal in literals:
        at = folded.find(literal, start, stop)
        while at >= 0:
            found.add(at)
            if len(found) > _MAX_LITERAL_STARTS:
                return None
            at = folded.find(literal, at + 1, stop)
    return sorted(found)


def _end(match: re.Match[str] | None) -> int:
    return -1 if match is None else match.end()


def sentence_start(text: str, pos: int, reach: int = 300) -> int:
    """Start of the sentence (or clause after a ";") containing ``pos``, at most ``reach``
    characters back; a section number ("12.3 ") also starts one."""
    lo = max(0, pos - reach)
    cut = lo
    for m in _SENTENCE_CUT.finditer(text[lo:pos]):
        cut = lo + m.end()
    return cut
