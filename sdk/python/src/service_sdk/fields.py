"""The field registry: well-known document fields, their aliases and description cues.

The registry's source is ``fields/registry.json`` at the top of the repository (its record
shape: ``fields/registry.schema.json``); ``field_registry.json`` beside this module is a
byte-equal copy, shipped as package data so that an installed SDK and the plugin sandbox (which
mounts only the SDK's import path) have it, written by ``scripts/sync_field_registry.py`` and
checked current by the SDK's tests (decision 496). It is the single vocabulary of:

* the built-in extractor (``plugins/contract_extractor.py``), which matches a requested
  ontology field to one of its finders with :func:`match_field`;
* :meth:`service_sdk.ExtendedDocument.get`, whose alias lookup is :func:`aliases_of`;
* the extractor's field lists: :func:`finder_fields` (``rules`` names the rule sets,
  ``contract`` and ``invoice``, that answer a field);
* the engine (``packages/server/src/fields/registry.ts`` reads ``fields/registry.json``) for
  benchmark field resolution and contract derivation.

Entry shape: ``{"name", "dtype", "finder": bool, "rules": [str], "contract_column": str | null,
"aliases": [str], "cues": [str], "description": str}``; names and aliases are normalized keys
(lower case, ``_``-separated, see :func:`normalize_key`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path

REGISTRY_PATH = Path(__file__).with_name("field_registry.json")

#: dtypes that may stand in for each other when a field is matched by meaning.
_COMPATIBLE = {
    "money": {"money", "number"},
    "number": {"number", "money", "integer"},
    "integer": {"integer", "number"},
    "string": {"string"},
    "date": {"date", "string"},
    "duration": {"duration", "string", "integer", "number"},
    "list[string]": {"list[string]", "string"},
}
_STOP = frozenset(["a", "an", "and", "the", "of", "to", "is", "it", "in", "on", "for", "by",
                   "we", "our", "us", "that", "this", "what", "when", "be", "agreement",
                   "contract", "document", "needed", "each", "from", "with"])
#: Least cue score for a match by description alone (one cue word is not enough).
MIN_CUE_SCORE = 2.0


@dataclasses.dataclass(frozen=True)
class FieldSpec:
    """One registry entry (see the module docstring)."""

    name: str
    dtype: str
    aliases: tuple[str, ...]
    cues: tuple[str, ...]
    finder: bool
    contract_column: str | None
    #: the built-in extractor's rule sets that answer the field (``contract``, ``invoice``)
    rules: tuple[str, ...] = ()
    #: what the value is and its shape
    description: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """The name followed by the aliases."""
        return (self.name, *self.aliases)


def normalize_key(name: str) -> str:
    """Lower case, runs of non-alphanumerics → ``_``, trimmed (``"Unit Price"`` →
    ``"unit_price"``)."""
    return re.sub(r"[^0-9a-z]+", "_", name.strip().lower()).strip("_")


@functools.cache
def field_registry() -> tuple[FieldSpec, ...]:
    """The registry entries, in file order (read once)."""
    raw = json.loads(REGISTRY_PATH.read_text(encoding="utf-8"))
    return tuple(
        FieldSpec(
            name=str(e["name"]), dtype=str(e["dtype"]),
            aliases=tuple(str(a) for a in e.get("aliases") or []),
            cues=tuple(str(c).lower() for c in e.get("cues") or []),
            finder=bool(e.get("finder")), contract_column=e.get("contract_column"),
            rules=tuple(str(r) for r in e.get("rules") or []),
            description=str(e.get("description") or ""),
        )
        for e in raw["fields"]
    )


def finder_fields(rules: str) -> tuple[str, ...]:
    """The names of the fields the built-in extractor's rule set ``rules`` (``"contract"`` or
    ``"invoice"``) answers, in registry order; empty for an unknown rule set."""
    return tuple(s.name for s in field_registry() if s.finder and rules in s.rules)


def aliases_of(key: str) -> Iterator[str]:
    """Other names of the entries that list ``key`` (normalized) as name or alias, in
    registry order; may repeat a name when two entries share an alias (``vendor``)."""
    for spec in field_registry():
        if key in spec.names:
            yield from (n for n in spec.names if n != key)


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP]


def _stem(word: str) -> str:
    # Light suffix stripping, enough to make "renews" / "renewal" / "renewing" meet.
    for suffix in ("ations", "ation", "ings", "ing", "als", "al", "es", "s", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def match_field(name: str, dtype: str | None = None, description: str = "",
                finders_only: bool = True) -> FieldSpec | None:
    """The registry entry a requested field means, or ``None`` (unsupported).

    Order: the normalized ``name`` equals an entry's name (any dtype), then one of its
    aliases (dtype compatible); else the best entry by words of the name (weight 2) and description
    (weight 1) that occur in the entry's name, aliases and cues (stemmed; a multiword cue
    counts when all its words occur), among entries of a compatible dtype, when that score
    reaches :data:`MIN_CUE_SCORE`. ``finders_only`` limits the match to fields the built-in
    extractor reads.
    """
    key = normalize_key(name)
    specs = [s for s in field_registry() if s.finder or not finders_only]

    def compatible(spec: FieldSpec) -> bool:
        return dtype is None or dtype in _COMPATIBLE.get(spec.dtype, {spec.dtype})

    for spec in specs:
        if key == spec.name:  # our own term: the ontology's dtype is its business
            return spec
    for spec in specs:
        if key in spec.aliases and compatible(spec):
            return spec
    name_words = {_stem(w) for w in _words(key.replace("_", " "))}
    desc_words = {_stem(w) for w in _words(description)}
    best: tuple[float, FieldSpec] | None = None
    for spec in specs:
        if not compatible(spec):
            continue
        vocab = {_stem(w) for n in spec.names for w in _words(n.replace("_", " "))}
        score = 2.0 * len(name_words & vocab) + 1.0 * len(desc_words & vocab)
        for cue in spec.cues:
            cue_words = {_stem(w) for w in _words(cue)}
            if not cue_words:
                continue
            if cue_words <= name_words:
                score += 2.0 * len(cue_words)
            elif cue_words <= desc_words:
                score += 1.0 * len(cue_words)
        if score >= MIN_CUE_SCORE and (best is None or score > best[0]):
            best = (score, spec)
    return best[1] if best else None
