"""Case-insensitive scans made cheap: a case-insensitive pattern over a text gives the same
matches as its case-sensitive twin over the text lower-cased character by character.

Python's ``re`` checks every position of the text against a case-insensitive alternation
("january|february|...") character by character, folding each; a case-sensitive pattern
skips most positions on its first character. For a pattern whose literals are all lower case
or without case (and fold as ``re`` matches them, :func:`_literal_ok`), ``pattern``
(``re.IGNORECASE``) matches ``text`` at a position exactly when :func:`case_twin` of it
matches :func:`fold_case` of ``text`` there, with the same span: ``fold_case`` keeps the
length and maps precisely the characters that match an ASCII letter case-insensitively (A-Z,
U+0130 capital I with dot, U+0131 dotless i, U+017F long s, U+212A Kelvin sign) onto that
letter, and keeps word characters, digits and spaces what they are. A pattern without a twin
still skips through :func:`sensitive_scanner`, whose leading class holds every case of its
first letters (:func:`case_variants`).
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

#: the parser of the standard ``re`` module (Python 3.11+; a private module without type
#: stubs: a parse tree this module does not understand gives no twin, see _TREE_ERRORS)
sre_parse: Any = importlib.import_module("re._parser")
#: the regular expression engine: its simple lower case (``unicode_tolower``), what it compares
_sre: Any = importlib.import_module("_sre")
_TREE_ERRORS = (AttributeError, TypeError, ValueError, IndexError, re.error)

#: Characters ``str.lower`` leaves alone that a case-insensitive ASCII letter matches (and
#: U+0130, which it would lengthen, is replaced first).
_EXTRA_FOLDS = (("\u0131", "i"), ("\u017f", "s"))
#: the widest character range a twin accepts (larger ranges are not checked; no twin)
_MAX_RANGE = 512
#: the class escapes of the parser's categories
_CATEGORIES = {
    sre_parse.CATEGORY_DIGIT: r"\d", sre_parse.CATEGORY_NOT_DIGIT: r"\D",
    sre_parse.CATEGORY_SPACE: r"\s", sre_parse.CATEGORY_NOT_SPACE: r"\S",
    sre_parse.CATEGORY_WORD: r"\w", sre_parse.CATEGORY_NOT_WORD: r"\W",
}

_twins: dict[re.Pattern[str], re.Pattern[str] | None] = {}
_scanners: dict[re.Pattern[str], re.Pattern[str] | None] = {}
_sensitive_scanners: dict[re.Pattern[str], re.Pattern[str] | None] = {}
_variants: dict[int, set[int]] = {}
#: the same-letter sets of ``re``'s case-insensitive matching (code → the other codes)
_casefix: dict[int, tuple[int, ...]] = importlib.import_module("re._casefix")._EXTRA_CASES
#: characters whose simple lower case is a letter whose upper and title case they are not
#: (U+0130 -> "i", U+03F4 -> U+03B8, U+1E9E -> U+00DF, U+2126 -> U+03C9, U+212A -> "k",
#: U+212B -> U+00E5): a test checks every code point
_LOWER_ONLY = "\u0130\u03f4\u1e9e\u2126\u212a\u212b"


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
    """A literal the twin can match in folded text: every character a case-insensitive
    ``chr(code)`` matches (:func:`case_variants`) folds to it, and no other can (a character
    folds to its lower case, whose variants it is among). So lower-case letters ("a", "é",
    "ß", "ü"), digits, punctuation and symbols; not "A", "É", nor letters ``re`` counts with
    another lower case (U+00B5 micro sign and U+03BC mu, the two sigmas)."""
    char = chr(code)
    return all(fold_case(chr(variant)) == char for variant in case_variants(code))


def _tree_ok(items: Any) -> bool:
    """Whether every literal of a parsed pattern is :func:`_literal_ok`, with no back
    reference and no inline change of flags but a redundant ``(?i:...)`` (walks
    ``re._parser``'s tree of a case-insensitive pattern)."""
    c = sre_parse  # the opcodes are the parser's constants
    for op, av in items:
        if op in (c.LITERAL, c.NOT_LITERAL):
            ok = _literal_ok(int(av))
        elif op is c.IN:
            ok = all(_set_item_ok(o, a) for o, a in av)
        elif op is c.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            # "(?i:...)" inside a case-insensitive pattern changes nothing; in the twin it
            # matches folded text as the twin's own literals do (a folded letter is its own
            # lower case, and no _literal_ok letter has another in re's same-letter sets)
            ok = add_flags in (0, re.IGNORECASE) and not del_flags and _tree_ok(sub)
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


@cache
def _parse(source: str, flags: int) -> Any:
    """``re``'s parse tree of a pattern, once per pattern (:func:`case_twin` and the scanners
    read it; a rule of the book is up to 3,000 characters). The callers leave
    ``re.IGNORECASE`` out of ``flags`` (it does not change the tree), so a pattern and its twin
    share one; the tree's ``state.flags`` then hold an inline global ``(?i)`` only."""
    return sre_parse.parse(source, flags)


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
        # the tree first: compiling a long rule that has no twin cost a runtime's first
        # document ~40 ms over the German and French rules
        try:
            tree = _parse(pattern.pattern, flags & ~re.IGNORECASE)
            ok = not tree.state.flags & re.IGNORECASE and _tree_ok(tree)
        except _TREE_ERRORS:
            ok = False
        twin = re.compile(pattern.pattern, flags & ~re.IGNORECASE) if ok else None
    _twins[pattern] = twin
    return twin


def case_variants(code: int) -> set[int]:
    """Every character a case-insensitive literal ``chr(code)`` matches, as Python's ``re``
    folds (it compares simple lower cases): the character, its lower case's upper, title and
    lower cases, the characters ``re`` counts as the same letter (U+0131 for "i", U+017F for
    "s", U+03BC for U+00B5, ...) and the few whose lower case maps to it without being its
    upper or title case (:data:`_LOWER_ONLY`, e.g. U+212A Kelvin sign for "k"), each checked
    with ``re`` itself. Computed once per character."""
    if code not in _variants:
        seeds = {chr(code), chr(_sre.unicode_tolower(code))}
        for k in [*map(ord, seeds)]:
            seeds |= {chr(other) for other in _casefix.get(k, ())}
        near = {case for s in seeds for case in (s, s.lower(), s.upper(), s.title())}
        literal = re.compile(re.escape(chr(code)), re.IGNORECASE)
        _variants[code] = {ord(c) for c in (*near, *_LOWER_ONLY)
                           if len(c) == 1 and literal.fullmatch(c)}
    return _variants[code]


def _class_items(op: Any, av: Any, ignorecase: bool) -> set[str] | None:
    """The character-class source of one item of a parsed set, ``None`` for a negation (or a
    case-insensitive range too wide to spell out); under ``ignorecase`` a letter brings every
    character that matches it (:func:`case_variants`)."""
    c = sre_parse
    if op is c.LITERAL:
        codes = case_variants(av) if ignorecase else {av}
        return {f"\\U{code:08x}" for code in codes}
    if op is c.RANGE:
        if not ignorecase:
            return {f"\\U{av[0]:08x}-\\U{av[1]:08x}"}
        if av[1] - av[0] > _MAX_RANGE:
            return None
        return {f"\\U{code:08x}" for char in range(av[0], av[1] + 1)
                for code in case_variants(char)}
    if op is c.CATEGORY and av in _CATEGORIES:
        # \d, \s, \w hold a character exactly when they hold its lower case (checked by a
        # test over every code point), so a category needs no variants
        return {_CATEGORIES[av]}
    return None


def _first(items: Any, ignorecase: bool) -> tuple[set[str] | None, bool]:
    """(character-class items every match of the parsed sequence ``items`` can start with,
    whether the sequence can match the empty string); ``None`` when any character can
    start it (``.``, a negated set) or the pattern is not understood. ``ignorecase``: the
    sequence matches case-insensitively (the pattern's flag, or an inline ``(?i:...)``)."""
    out: set[str] = set()
    for op, av in items:
        got, nullable = _first_of(op, av, ignorecase)
        if got is None:
            return None, False
        out |= got
        if not nullable:
            return out, False
    return out, True


def _first_of(op: Any, av: Any, ignorecase: bool) -> tuple[set[str] | None, bool]:
    c = sre_parse
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):  # zero width: what follows starts the match
        return set(), True
    if op is c.LITERAL:
        return _class_items(op, av, ignorecase), False
    if op is c.IN:
        items: set[str] = set()
        for item_op, item_av in av:
            got = _class_items(item_op, item_av, ignorecase)
            if got is None:
                return None, False
            items |= got
        return items, False
    if op is c.SUBPATTERN:
        _, add_flags, del_flags, sub = av
        inner = bool(add_flags & c.SRE_FLAG_IGNORECASE) or (
            ignorecase and not del_flags & c.SRE_FLAG_IGNORECASE)
        return _first(sub, inner)
    if op is c.ATOMIC_GROUP:
        return _first(av, ignorecase)
    if op is c.BRANCH:
        union: set[str] = set()
        any_nullable = False
        for alternative in av[1]:
            got, nullable = _first(alternative, ignorecase)
            if got is None:
                return None, False
            union |= got
            any_nullable = any_nullable or nullable
        return union, any_nullable
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        low, high, sub = av
        if high == 0:
            return set(), True
        got, nullable = _first(sub, ignorecase)
        return got, low == 0 or nullable
    return None, False


def start_scanner(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """A pattern that matches one character exactly where :func:`case_twin` of ``pattern``
    has a match starting (overlapping starts included), over folded text: the set of the
    characters its matches can start with, consumed, then the twin asserted from there.
    Python's ``re`` skips to the characters of such a set without trying the whole pattern
    at each position. ``None`` when there is no twin, the pattern can match the empty
    string or start with any character, or is written in verbose mode."""
    if pattern not in _scanners:
        twin = case_twin(pattern)
        _scanners[pattern] = None if twin is None else _scanner_of(twin)
    return _scanners[pattern]


def sensitive_scanner(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """:func:`start_scanner` for a ``pattern`` without a :func:`case_twin`, over the text
    itself: one character exactly where ``pattern`` has a match starting. A pattern whose
    first element is a group or an alternation of groups (``MONEY_RE``: a symbol, a code or an
    amount) gets no fast skip from ``re``, nor does one that starts with a letter
    case-insensitively (the German and French rules: "Kündigungsfrist", "(?i:entre)"): ``re``
    then tries the whole pattern at every position; the scanner's leading character set, with
    every case of its letters (:func:`case_variants`), skips. ``None`` when ``pattern`` is
    verbose, can match the empty string or start with any character. Computed once per
    pattern."""
    if pattern not in _sensitive_scanners:
        _sensitive_scanners[pattern] = _scanner_of(pattern)
    return _sensitive_scanners[pattern]


def _scanner_of(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The scanner of ``pattern`` (see :func:`start_scanner`), or ``None``: its class
    case-sensitive (so ``re`` skips to it), the pattern asserted as it is (a
    case-insensitive one inside ``(?i:...)``)."""
    if pattern.flags & re.VERBOSE:
        return None
    ignorecase = bool(pattern.flags & re.IGNORECASE)
    try:
        first, nullable = _first(
            _parse(pattern.pattern, pattern.flags & ~re.IGNORECASE), ignorecase)
        if not first or nullable:
            return None
        cls = "[" + "".join(sorted(first)) + "]"
        source = f"(?i:{pattern.pattern})" if ignorecase else pattern.pattern
        return re.compile(f"{cls}(?<=(?={source}){cls})", pattern.flags & ~re.IGNORECASE)
    except _TREE_ERRORS:
        return None


#: Needle sets :func:`required_literals` keeps per pattern.
_required: dict[re.Pattern[str], tuple[frozenset[str], ...]] = {}
#: the most needle sets a pattern is checked by (each costs a search of the text per needle)
_MAX_NEEDLE_SETS = 3
#: the Greek sigmas: ``str.lower`` lowers a capital sigma by its context (final or not), so
#: their fold is not the fold of the character alone
_SIGMAS = frozenset(map(ord, "\u03a3\u03c3\u03c2"))


def required_literals(pattern: re.Pattern[str]) -> tuple[frozenset[str], ...]:
    """Sets of strings of folded text (:func:`fold_case`) one of which :func:`fold_case` of
    every match of ``pattern`` contains, strongest first (at most :data:`_MAX_NEEDLE_SETS`;
    empty when none is known). So a text whose folded form holds no string of one of the
    sets has no match, and ``re`` need not scan it. A literal counts by its fold: a
    case-sensitive one always (``fold_case`` maps character by character), a case-insensitive
    one when every character it matches (:func:`case_variants`) folds alike ("k": "k", "K"
    and the Kelvin sign fold to "k"; not "\u00b5", which matches the Greek mu). A verbose
    pattern and what is not understood give none.

    The needles are what a literal prefilter reads (RE2's ``FilteredRE2`` and Hyperscan
    decompose patterns the same way): the French and German rules, tried on an English
    contract after the English finders, need words it does not have ("pr\u00e9avis",
    "k\u00fcndigung"). Computed once per pattern."""
    if pattern not in _required:
        found: tuple[frozenset[str], ...] = ()
        if not pattern.flags & re.VERBOSE:
            try:
                tree = _parse(pattern.pattern, pattern.flags & ~re.IGNORECASE)
                ignorecase = bool((pattern.flags | tree.state.flags) & re.IGNORECASE)
                found = tuple(sorted(_needle_sets(tree, ignorecase), key=_strength,
                                     reverse=True)[:_MAX_NEEDLE_SETS])
            except _TREE_ERRORS:
                found = ()
            if any(not needles or "" in needles for needles in found):
                found = ()  # never expected: an empty needle proves nothing
        _required[pattern] = found
    return _required[pattern]


def _strength(needles: frozenset[str]) -> tuple[int, int]:
    """How much a needle set excludes: its shortest needle's length, then fewer needles."""
    return min(map(len, needles)), -len(needles)


def _literal_fold(code: int, ignorecase: bool) -> str | None:
    """The folded character every match of the literal ``chr(code)`` folds to, or ``None``
    (a sigma, or case-insensitive variants that fold apart)."""
    codes = case_variants(code) if ignorecase else {code}
    folds = {fold_case(chr(c)) for c in codes}
    if len(folds) != 1 or codes & _SIGMAS:
        return None
    return folds.pop()


def _needle_sets(items: Any, ignorecase: bool) -> list[frozenset[str]]:
    """Each set of folded strings one of which every match of the parsed sequence ``items``
    contains (a run of literals is one string; a group, an alternation or a repeat of at
    least one contributes the best set of its own); empty when none is known."""
    c = sre_parse
    sets: list[frozenset[str]] = []
    run: list[str] = []

    def close_run() -> None:
        if run:
            sets.append(frozenset(["".join(run)]))
            run.clear()

    for op, av in items:
        if op is c.LITERAL:
            fold = _literal_fold(av, ignorecase)
            if fold is not None:
                run.append(fold)
                continue
        close_run()
        best = None
        if op is c.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            inner = bool(add_flags & c.SRE_FLAG_IGNORECASE) or (
                ignorecase and not del_flags & c.SRE_FLAG_IGNORECASE)
            best = _best(_needle_sets(sub, inner))
        elif op is c.ATOMIC_GROUP:
            best = _best(_needle_sets(av, ignorecase))
        elif op is c.BRANCH:
            union: set[str] = set()
            for alternative in av[1]:
                got = _best(_needle_sets(alternative, ignorecase))
                if got is None:
                    union.clear()
                    break
                union |= got
            best = frozenset(union) if union else None
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT) and av[0] >= 1:
            best = _best(_needle_sets(av[2], ignorecase))
        if best is not None:
            sets.append(best)
    close_run()
    return sets


def _best(sets: list[frozenset[str]]) -> frozenset[str] | None:
    return max(sets, key=_strength) if sets else None


#: Leading literals :func:`leading_literals` keeps per pattern (and ``single_spaces``).
_leading: dict[tuple[re.Pattern[str], bool], frozenset[str] | None] = {}
#: the most leading literals a pattern is searched by, and their least length: more or
#: shorter ones find more places than the pattern's start scanner tries
_MAX_LEADING = 32
_MIN_LEADING = 2


def leading_literals(pattern: re.Pattern[str],
                     single_spaces: bool = False) -> frozenset[str] | None:
    """Strings one of which every match of the case-sensitive ``pattern`` (a
    :func:`case_twin`) starts with, or ``None``: when a match can start otherwise (with a
    class, an optional part, a case-insensitive group), or there would be more than
    :data:`_MAX_LEADING` of them or one shorter than :data:`_MIN_LEADING` characters. With
    ``single_spaces`` the text's white space is known to be single " " characters (a
    :class:`.text.NormText`'s), so ``\\s`` and ``\\s+`` read as " " and ``\\s*`` as "" or " ".

    A search for them (``str.find``) finds the places a match can start at a fraction of the
    start scanner's cost when the pattern's first letters are common ones: the expiry cue
    ("expir", "until", "through", "ending", ...) starts with one of "cefltu", ~15,000 places
    of a contract, and with one of its literals at ~150. Computed once per pattern."""
    key = (pattern, single_spaces)
    if key not in _leading:
        found: frozenset[str] | None = None
        if not pattern.flags & (re.IGNORECASE | re.VERBOSE):
            try:
                tree = _parse(pattern.pattern, pattern.flags)
                if not tree.state.flags & re.IGNORECASE:
                    strings, _whole = _lead(tree, single_spaces)
                    if (strings is not None and len(strings) <= _MAX_LEADING
                            and min(map(len, strings), default=0) >= _MIN_LEADING):
                        found = frozenset(strings)
            except _TREE_ERRORS:
                found = None
        if found is None and single_spaces:
            # read through the spaces, too many strings: the shorter ones up to the first
            found = leading_literals(pattern)
        _leading[key] = found
    return _leading[key]


def _is_space(items: Any) -> bool:
    """Whether the parsed sequence ``items`` is ``\\s`` alone."""
    c = sre_parse
    return (len(items) == 1 and items[0][0] is c.IN
            and list(items[0][1]) == [(c.CATEGORY, c.CATEGORY_SPACE)])


def _lead(items: Any, single_spaces: bool) -> tuple[set[str] | None, bool]:
    """(strings one of which every match of the parsed sequence ``items`` starts with, and
    whether each of them is a whole match of it, so that what follows the sequence extends
    them); ``None`` when more than :data:`_MAX_LEADING` would be needed."""
    c = sre_parse
    strings = {""}
    for op, av in items:
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):  # zero width: the next element starts
            continue
        if op is c.LITERAL:
            strings = {s + chr(av) for s in strings}
            continue
        sub: tuple[set[str] | None, bool] | None = None
        if single_spaces and _is_space([(op, av)]):
            sub = {" "}, True
        elif (single_spaces and op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)
              and _is_space(av[2])):
            # one space at most in a row: "\s+" is " ", "\s*" and "\s?" are "" or " "
            sub = ({" "} if av[0] >= 1 else {"", " "}), True
        elif op is c.SUBPATTERN and not av[1] and not av[2]:  # a group without flags
            sub = _lead(av[3], single_spaces)
        elif op is c.BRANCH:
            union: set[str] = set()
            whole = True
            for alternative in av[1]:
                got, complete = _lead(alternative, single_spaces)
                if got is None:
                    return None, False
                union |= got
                whole = whole and complete
            sub = union, whole
        if sub is None or sub[0] is None:
            return strings, False  # a class, a repeat, anything else: the strings so far
        strings = {s + t for s in strings for t in sub[0]}
        if len(strings) > _MAX_LEADING:
            return None, False
        if not sub[1]:
            return strings, False
    return strings, True
