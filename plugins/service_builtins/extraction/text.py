"""The contract text as the finders read it: whitespace collapsed, quotes straightened, with a
map back to the original offsets (so evidence points into ``document.text``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

#: Offsets ``[start, end)`` into :attr:`NormText.text`.
Span = tuple[int, int]
#: What a finder returns: the value and the spans it was read from.
Found = tuple[Any, list[Span]]

#: Characters (after whitespace normalisation) treated as the preamble.
PREAMBLE_CHARS = 4000

_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
_WORDS = re.compile(r"(?P<space>\s*)(?P<word>\S+)")
T = TypeVar("T")


class NormText:
    """``text`` with whitespace runs collapsed to one space and curly quotes made straight,
    keeping a map back to the original offsets. Finders share one instance per document, so
    expensive scans (all dates, all durations, the term clause) are computed once
    (:meth:`all_matches`, :meth:`memo`)."""

    def __init__(self, original: str) -> None:
        self.original = original
        # Runs of non-space characters are copied with their offsets; each whitespace run
        # between two of them becomes one space mapped to the run's first character.
        parts: list[str] = []
        index: list[int] = []
        for m in _WORDS.finditer(original):
            if parts:
                parts.append(" ")
                index.append(m.start())
            parts.append(m.group("word"))
            index.extend(range(m.start("word"), m.end()))
        index.append(len(original))
        self.text = "".join(parts).translate(_QUOTES)
        self.index = index
        self._matches: dict[re.Pattern[str], list[re.Match[str]]] = {}
        self._memo: dict[str, Any] = {}

    def all_matches(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """Every match of ``pattern`` in the text (computed once per pattern)."""
        found = self._matches.get(pattern)
        if found is None:
            found = self._matches[pattern] = list(pattern.finditer(self.text))
        return found

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` once per document under ``key`` (e.g. the term clause)."""
        if key not in self._memo:
            self._memo[key] = compute()
        value: T = self._memo[key]
        return value

    def evidence(self, start: int, end: int) -> dict[str, Any]:
        """Evidence entry ``{"start", "end", "text"}`` (original offsets, ``end`` exclusive)
        for the normalised span ``[start, end)``."""
        o_start = self.index[start]
        o_end = self.index[end - 1] + 1 if end > start else o_start
        return {"start": o_start, "end": o_end, "text": self.original[o_start:o_end]}


def sentence_start(text: str, pos: int, reach: int = 300) -> int:
    """Start of the sentence (or clause after a ";") containing ``pos``, at most ``reach``
    characters back; a section number ("12.3 ") also starts one."""
    lo = max(0, pos - reach)
    cut = lo
    for m in re.finditer(r"(?:[.;:]\s+(?=[A-Z(\d])|\s\d{1,2}(?:\.\d{1,2})+\s)", text[lo:pos]):
        cut = lo + m.end()
    return cut
