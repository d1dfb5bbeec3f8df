"""The rule book: the extractor's patterns as named data records, loaded and checked at import.

Rules live in TOML files per language, ``rulebook/<language>/*.toml`` beside this module (TOML:
read by the standard library's :mod:`tomllib`, and its literal strings ``'...'`` hold a
regular expression as written, without escaping). Each file has an optional ``[fragments]``
table (name → pattern, shared by every rule of the language) and a list of ``[[rule]]``
records, in the manner of Duckling's rule records and spaCy's ``Matcher`` patterns:

``id``
    unique in the book, ``<field>.<name>`` (``"term.clause"``, ``"notice_period.stops_renewal"``);
    a finder notes the id of the rule its answer came from (:meth:`.text.NormText.note`), and
    the evidence of the value carries it (:func:`evidence_rule`);
``field``
    the extraction field the rule serves (the first part of ``id``), or ``shared`` for one that
    serves several (durations, the lines of a party's block);
``language``
    the language of its words (the folder it is in);
``pattern``
    a regular expression (Python :mod:`re` syntax), as a string or a list of strings joined
    without separator (so a long pattern is written line by line, with TOML comments saying
    why each alternative exists); ``${name}`` is replaced by the fragment ``name`` of the
    language, else of the neutral folder ``any/`` (:data:`NEUTRAL`), ``${de:name}`` by another
    language's (a rule of ``any/`` that joins the languages' cues, each in a group
    ``lang_<language>``: :func:`tagged`); a fragment may use others; number words come from
    :mod:`.numerals`, month names from :mod:`.months` (dateparser's locale data);
``flags``
    ``"i"`` (ignore case), ``"m"`` (multi-line) or both, default none;
``production``
    the name of the function that turns a match into a value (:data:`PRODUCTIONS`): ``span``
    for a cue or a guard (the matched text), ``duration``, ``number``, ...;
``examples``
    ``[{text, value?}]``: texts the pattern must find a match in (``re.search``), and when
    ``value`` is given, what the production must make of the first match;
``counterexamples``
    texts the pattern must not match anywhere;
``decisions``
    the numbers of the rows of ``docs/decisions.md`` the rule comes from;
``doc``
    one line: what the rule is for.

A bad record raises :class:`RulebookError` naming the file and the rule at import, so a
broken rule never reaches a document. ``tests/extraction/test_matcher.py`` runs every rule's
examples and counterexamples.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from . import months, numerals

RULEBOOK_DIR = Path(__file__).with_name("rulebook")
_ID = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$")
_FRAGMENT_REF = re.compile(r"\$\{((?:[a-z]+:)?[a-z][a-z0-9_]*)\}")
#: the folder of language-neutral rules and fragments (digits, currency codes, the rules that
#: join the cues of several languages); its fragments are seen from every language
NEUTRAL = "any"
_FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE}
_KEYS = {"id", "field", "pattern", "flags", "production", "examples", "counterexamples",
         "decisions", "doc"}
_REQUIRED = {"id", "field", "pattern", "production", "examples", "doc"}


class RulebookError(ValueError):
    """A rule record that cannot be used: the message names the file and the rule."""


#: production name → ``module:function`` of this package that turns a match into the value
#: (imported when first used, so that the modules the rules serve may load the book at import).
#: ``span``: the matched text (cues and guards, whose value the finder reads beside them);
#: ``duration``: a duration object ``{"value", "unit", "iso"}``; ``single_unit``: one of the
#: unit the match names ("for a further year" → 1 year); ``one_year`` / ``one_month``;
#: ``number``: a cardinal in words; ``years``: the years of an anniversary ("the fifth
#: anniversary" → 5); ``invoice_number``: the ``no`` group; ``day_month_year``: the ISO date of
#: the ``date`` group read day first (German and French contracts: "1er mars 2024");
#: ``two_parties``: the names of the groups ``first`` and ``second``; ``money_amount``: the
#: amount ``amt`` ("120.000,00") and the currency ``cur`` / ``cur2`` of a German or French value.
PRODUCTIONS: dict[str, str] = {
    "span": "productions:span",
    "duration": "durations:parse_duration",
    "single_unit": "productions:single_unit",
    "one_year": "productions:one_year",
    "one_month": "productions:one_month",
    "number": "productions:number",
    "years": "numerals:anniversary_years",
    "invoice_number": "productions:invoice_number",
    "day_month_year": "productions:day_month_year",
    "two_parties": "productions:two_parties",
    "money_amount": "productions:money_amount",
}


def production(name: str) -> Callable[[re.Match[str]], Any]:
    """The function of the production ``name`` (:data:`PRODUCTIONS`)."""
    module, function = PRODUCTIONS[name].split(":")
    found: Callable[[re.Match[str]], Any] = getattr(
        importlib.import_module(f".{module}", __package__), function)
    return found


@dataclasses.dataclass(frozen=True)
class Example:
    """A text a rule must match, and the value its production must make (``None``: any)."""

    text: str
    value: Any = None


@dataclasses.dataclass(frozen=True)
class Rule:
    """One rule record (module documentation); ``pattern`` compiled, fragments resolved."""

    id: str
    field: str
    language: str
    pattern: re.Pattern[str]
    production: str
    examples: tuple[Example, ...]
    counterexamples: tuple[str, ...]
    decisions: tuple[int, ...]
    doc: str
    source: str

    def produce(self, match: re.Match[str]) -> Any:
        """The value of ``match`` by the rule's production."""
        return production(self.production)(match)


def _joined(value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return "".join(value)
    raise RulebookError(f"{where}: pattern must be a string or a list of strings")


def _resolve(pattern: str, fragments: dict[str, dict[str, str]], language: str, where: str,
             seen: tuple[str, ...] = ()) -> str:
    """``pattern`` of ``language`` with every ``${name}`` replaced by its fragment, recursively:
    the language's own, else a neutral one (:data:`NEUTRAL`); ``${de:name}`` names another
    language's (a rule that joins the cues of several languages)."""
    def replace(m: re.Match[str]) -> str:
        ref = m.group(1)
        lang, _, name = ref.rpartition(":")
        lang = lang or (language if name in fragments.get(language, {}) else NEUTRAL)
        if f"{lang}:{name}" in seen:
            raise RulebookError(f"{where}: fragment {ref!r} refers to itself")
        if name not in fragments.get(lang, {}):
            raise RulebookError(f"{where}: unknown fragment ${{{ref}}}")
        return _resolve(fragments[lang][name], fragments, lang, where, (*seen, f"{lang}:{name}"))

    return _FRAGMENT_REF.sub(replace, pattern)


def _rule(record: Any, language: str, fragments: dict[str, dict[str, str]], source: str
          ) -> Rule:
    """A checked :class:`Rule` of one ``[[rule]]`` record of ``source``."""
    if not isinstance(record, dict):
        raise RulebookError(f"{source}: a [[rule]] entry is not a table")
    rid = record.get("id")
    where = f"{source}: rule {rid!r}"
    if not isinstance(rid, str) or not _ID.match(rid):
        raise RulebookError(f"{where}: id must be '<field>.<name>' in lower case")
    missing = _REQUIRED - set(record)
    unknown = set(record) - _KEYS
    if missing or unknown:
        raise RulebookError(f"{where}: missing {sorted(missing)}, unknown {sorted(unknown)}")
    field = record["field"]
    if not isinstance(field, str) or not rid.startswith(field + "."):
        raise RulebookError(f"{where}: the id must start with the field {field!r}")
    flags = 0
    for letter in str(record.get("flags", "")):
        if letter not in _FLAGS:
            raise RulebookError(f"{where}: unknown flag {letter!r} (i, m)")
        flags |= _FLAGS[letter]
    try:
        pattern = re.compile(
            _resolve(_joined(record["pattern"], where), fragments, language, where), flags)
    except re.error as err:
        raise RulebookError(f"{where}: bad pattern: {err}") from err
    if record["production"] not in PRODUCTIONS:
        raise RulebookError(f"{where}: unknown production {record['production']!r} "
                            f"(one of {sorted(PRODUCTIONS)})")
    examples = record["examples"]
    if not isinstance(examples, list) or not examples or not all(
            isinstance(e, dict) and isinstance(e.get("text"), str)
            and set(e) <= {"text", "value"} for e in examples):
        raise RulebookError(f"{where}: examples must be a non-empty list of {{text, value?}}")
    counter = record.get("counterexamples", [])
    decisions = record.get("decisions", [])
    if not isinstance(counter, list) or not all(isinstance(c, str) for c in counter):
        raise RulebookError(f"{where}: counterexamples must be a list of strings")
    if not isinstance(decisions, list) or not all(isinstance(d, int) for d in decisions):
        raise RulebookError(f"{where}: decisions must be a list of row numbers")
    if not isinstance(record["doc"], str) or not record["doc"].strip():
        raise RulebookError(f"{where}: doc must say what the rule is for")
    return Rule(rid, field, language, pattern, record["production"],
                tuple(Example(e["text"], e.get("value")) for e in examples),
                tuple(counter), tuple(decisions), record["doc"].strip(), source)


def _read(path: Path, root: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as err:
        raise RulebookError(f"{path.relative_to(root)}: {err}") from err


def load_rulebook(root: Path = RULEBOOK_DIR) -> dict[str, Rule]:
    """Every rule of ``root/<language>/*.toml`` by id (module documentation); the folder
    :data:`NEUTRAL` holds the language-neutral ones.

    Raises:
        RulebookError: a file that is not TOML, a fragment defined twice or unknown, a
            duplicate id, a record with a missing or unknown key, a pattern that does not
            compile, an unknown production.
    """
    rules: dict[str, Rule] = {}
    folders = sorted(p for p in root.iterdir() if p.is_dir())
    books = {folder.name: {path: _read(path, root) for path in sorted(folder.glob("*.toml"))}
             for folder in folders}
    fragments: dict[str, dict[str, str]] = {}
    for language, files in books.items():
        own = fragments[language] = {**numerals.fragments(language),
                                      **months.fragments(language)}
        for path, data in files.items():
            for name, value in data.get("fragments", {}).items():
                if name in own:
                    raise RulebookError(f"{path.relative_to(root)}: fragment {name!r} is "
                                        "defined twice")
                own[name] = _joined(value, f"{path.relative_to(root)}: fragment {name}")
    for language, files in books.items():
        for path, data in files.items():
            source = str(path.relative_to(root))
            unknown = set(data) - {"fragments", "rule", "numbers"}
            if unknown:
                raise RulebookError(f"{source}: unknown tables {sorted(unknown)}")
            for record in data.get("rule", []):
                rule = _rule(record, language, fragments, source)
                if rule.id in rules:
                    raise RulebookError(f"{source}: rule {rule.id!r} is also in "
                                        f"{rules[rule.id].source}")
                rules[rule.id] = rule
    return rules


@cache
def rulebook() -> dict[str, Rule]:
    """The book of :data:`RULEBOOK_DIR`, loaded once."""
    return load_rulebook()


def pattern(rule_id: str) -> re.Pattern[str]:
    """The compiled pattern of the rule ``rule_id``.

    Raises:
        KeyError: no such rule (a finder naming a rule the book lacks fails at import).
    """
    return rulebook()[rule_id].pattern


def tagged(rule_id: str, match: re.Match[str]) -> str:
    """``rule_id`` followed by the language whose cue ``match`` matched, when the rule joins
    several languages' cues in groups ``lang_<language>`` (``"invoice_number.label"`` →
    ``"invoice_number.label.de"``, the id of that language's rule); else ``rule_id``."""
    for name, value in match.groupdict().items():
        if name.startswith("lang_") and value is not None:
            return f"{rule_id}.{name[5:]}"
    return rule_id


def evidence_rule(field: str, noted: str | None) -> str | None:
    """The rule id a value's evidence carries: the finder's note (:meth:`.text.NormText.note`)
    qualified by its field (``"clause"`` of ``term`` → ``"term.clause"``); ``None`` when the
    finder noted none."""
    if not noted:
        return None
    return noted if "." in noted else f"{field}.{noted}"
