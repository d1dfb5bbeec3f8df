"""Case-insensitive scans made cheap: a case-insensitive pattern over a text gives the same
matches as its case-sensitive twin over the text lower-cased character by character.

Python's ``re`` checks every position of the text against a case-insensitive alternation
("january|february|...") character by character, folding each; a case-sensitive pattern
skips most positions on its first character. For a pattern whose literals are all ASCII
lower case or without case, ``pattern`` (``re.IGNORECASE``) matches ``text`` at a position
exactly when :func:`case_twin` of it matches :func:`fold_case` of ``text`` there, with the
same span: ``fold_case`` keeps the length and maps precisely the characters that match an
ASCII letter case-insensitively (A-Z, U+0130 capital I with dot, U+0131 dotless i, U+017F
long s, U+212A Kelvin sign) onto that letter, and keeps word characters, digits and spaces
what they are.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

#: the parser of the standard ``re`` module (no type stubs: a private module)
sre_parse: Any = importlib.import_module("re._parser")

#: Characters ``str.lower`` leaves alone that a case-insensitive ASCII letter matches (and
#: U+0130, which it would lengthen, is replaced first).
_EXTRA_FOLDS = (("\u0131", "i"), ("\u017f", "s"))
#: the widest character range a twin accepts (larger ranges are not checked; no twin)
_MAX_RANGE = 512

_twins: dict[re.Pattern[str], re.Pattern[str] | None] = {}


def fold_case(text: str) -> str:
    """``text`` lower-cased with the same length: what a case-insensitive ASCII letter of a
    pattern matches becomes that letter (U+0130 and U+0131 -> "i", U+017F -> "s", U+212A ->
    "k");
    other characters are lower-cased (``str.lower``) or kept."""
    if text.isascii():
        return text.lower()
    folded = text.replace("\u0130", "i").lower()
    for char, ascii_letter in _EXTRA_FOLDS:
        if char in folded:
            folded = folded.replace(char, ascii_letter)
    return folded


def _literal_ok(code: int) -> bool:
    """A literal the twin can match in folded text: ASCII and not upper case, or without
    case at all (a digit, punctuation, a symbol)."""
    char = chr(code)
    if char.isascii():
        return not char.isupper()
    return char.lower() == char == char.upper()


def _tree_ok(items: Any) -> bool:
    """Whether every literal of a parsed pattern is :func:`_literal_ok`, with no back
    reference and no inline change of flags (walks ``re._parser``'s tree)."""
    c = sre_parse  # the opcodes are the parser's constants
    for op, av in items:
        if op in (c.LITERAL, c.NOT_LITERAL):
            ok = _literal_ok(int(av))
        elif op is c.IN:
            ok = all(_set_item_ok(o, a) for o, a in av)
        elif op is c.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            ok = not (add_flags or del_flags) and _tree_ok(sub)
        elif op is c.BRANCH:
            ok = all(_tree_ok(p) for p in av[1])
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            ok = _tree_ok(av[2])
        elif op in (c.ASSERT, c.ASSERT_NOT):
            ok = _tree_ok(av[1])
        elif op is c.ATOMIC_GROUP:
            ok = _tree_ok(av)
        else:  # ANY, AT (anchors, \b), CATEGORY keep their meaning; back references do not
            ok = op in (c.ANY, c.AT, c.CATEGORY)
        if not ok:
            return False
    return True


def _set_item_ok(op: Any, av: Any) -> bool:
    c = sre_parse
    if op is c.LITERAL:
        return _literal_ok(int(av))
    if op is c.RANGE:
        low, high = av
        return high - low <= _MAX_RANGE and all(map(_literal_ok, range(low, high + 1)))
    return op in (c.NEGATE, c.CATEGORY)


def case_twin(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The case-sensitive twin of a case-insensitive ``pattern`` (to run over
    :func:`fold_case` of the text), or ``None`` when ``pattern`` is case-sensitive or has a
    literal the twin cannot match (upper case, a non-ASCII letter), a back reference, an
    inline flag group or the ASCII / LOCALE flags. Computed once per pattern."""
    if pattern in _twins:
        return _twins[pattern]
    twin = None
    flags = pattern.flags
    if flags & re.IGNORECASE and not flags & (re.ASCII | re.LOCALE):
        candidate = re.compile(pattern.pattern, flags & ~re.IGNORECASE)
        if not candidate.flags & re.IGNORECASE and _tree_ok(
                sre_parse.parse(pattern.pattern, flags & ~re.IGNORECASE)):
            twin = candidate
    _twins[pattern] = twin
    return twin
