"""Values the host sends once and references in later calls (``docs/plugin-runtime.md``,
"Shared values").

A ``call`` may carry ``shared``: ``{path: {"key": str, "scope"?: str, "value"?: any}}``. With a
``value`` the runtime keeps it under ``key`` and puts it at ``path`` of the call's ``args``;
without one it puts the value kept earlier. ``path`` names nested objects of ``args`` with dots
(``document.text``, ``document.metadata.training_examples``, ``file_data``). The engine sends a
document's file and pages with its first call and only their keys with the next ones (the text
is rebuilt from the pages: an entry with ``join``), and the training examples once per
training-set version.

The cache is bounded by size (least recently used first out) and a ``release`` message drops
every value of a ``scope`` (the engine's scope is one run of one document). A key that is not
(or no longer) kept fails the call with ``SharedMiss`` listing the ``missing`` keys, before the
plugin runs; the host then sends the values again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, NamedTuple

from .errors import CallError

__all__ = ["DEFAULT_SHARED_CACHE_MB", "SharedCache"]

#: Default bound of the cache, in MiB of (estimated) value size.
DEFAULT_SHARED_CACHE_MB = 64

#: At most this many shared entries per call, this deep a path, and keys this long.
_MAX_ENTRIES = 32
_MAX_DEPTH = 8
_MAX_KEY = 512


class _Entry(NamedTuple):
    value: Any
    scope: str | None
    size: int


def _size(value: Any) -> int:
    """Rough size of a JSON value in bytes (strings by length, containers by their items)."""
    if isinstance(value, str):
        return len(value) + 50
    if isinstance(value, list):
        return 56 + sum(_size(v) + 8 for v in value)
    if isinstance(value, dict):
        return 64 + sum(len(k) + _size(v) + 16 for k, v in value.items())
    return 32


#: The container types of decoded JSON: only these are copied (``type(v) in``, not a call).
_CONTAINERS = (list, dict)


def _copy(value: Any) -> Any:
    """A copy of the containers of a JSON value (strings and numbers are immutable and
    shared), so a plugin that changes what it was given cannot change what later calls get.

    Recurses only into containers: a table of 5,000 numbers (corpus statistics) is copied
    without a function call per number.
    """
    if type(value) is list:
        return [_copy(v) if type(v) in _CONTAINERS else v for v in value]
    if type(value) is dict:
        return {k: _copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    return value


class SharedCache:
    """The runtime's store of shared values.

    Args:
        max_bytes: bound of the kept values' estimated size; the least recently used values
            leave first, and a value larger than the bound is used once but not kept.
    """

    def __init__(self, max_bytes: int = DEFAULT_SHARED_CACHE_MB * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def put(self, key: str, value: Any, scope: str | None = None) -> None:
        """Keep ``value`` under ``key`` (replacing an earlier one), evicting as needed."""
        self._drop(key)
        size = _size(value)
        if size > self.max_bytes:
            return
        self._entries[key] = _Entry(value, scope, size)
        self.bytes += size
        while self.bytes > self.max_bytes:
            oldest = next(iter(self._entries))
            self._drop(oldest)

    def get(self, key: str) -> Any:
        """The value kept under ``key``, marked as recently used.

        Raises:
            KeyError: nothing is kept under ``key``.
        """
        entry = self._entries[key]
        self._entries.move_to_end(key)
        return entry.value

    def release(self, scope: str) -> int:
        """Drop every value of ``scope``; return how many there were."""
        keys = [k for k, e in self._entries.items() if e.scope == scope]
        for key in keys:
            self._drop(key)
        return len(keys)

    def _drop(self, key: str) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self.bytes -= entry.size

    def resolve(self, args: dict[str, Any], shared: Any) -> None:
        """Keep the values ``shared`` carries and put every shared value into ``args`` at its
        path (in place; each call gets its own copy of the containers).

        An entry with ``join`` (a string) puts its value, a list of strings, joined by it: the
        engine sends a document's pages once and gets its text as ``"\\n\\n".join(pages)``
        (``{"key": <the pages' key>, "join": "\\n\\n"}``). An entry may name a key whose value
        another entry of the same call carries.

        Raises:
            CallError: ``InvalidMessage`` when ``shared`` does not have the documented shape;
                ``SharedMiss`` (with ``missing``: the keys) when a referenced key is not kept.
        """
        if not isinstance(shared, dict) or len(shared) > _MAX_ENTRIES:
            raise CallError(
                "InvalidMessage",
                f"shared must be an object of at most {_MAX_ENTRIES} entries",
            )
        specs = {path: (*_check_spec(path, spec), spec) for path, spec in shared.items()}
        # Values carried by this call first (a value too large to keep is still used once).
        given: dict[str, Any] = {}
        for key, scope, _join, spec in specs.values():
            if "value" in spec:
                given[key] = spec["value"]
                self.put(key, spec["value"], scope)
        values: dict[str, Any] = {}
        missing: list[str] = []
        for path, (key, _scope, join, _spec) in specs.items():
            if key in given:
                values[path] = given[key]
            elif key in self._entries:
                values[path] = self.get(key)
            else:
                missing.append(key)
                continue
            if join is not None:
                values[path] = _joined(path, values[path], join)
        if missing:
            raise CallError(
                "SharedMiss",
                f"shared values not kept by this runtime: {', '.join(missing)}; send them again",
                extra={"missing": missing},
            )
        for path, value in values.items():
            _place(args, path, _copy(value))


def _joined(path: str, value: Any, separator: str) -> str:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CallError("InvalidMessage", f"shared[{path!r}].join needs a list of strings")
    return separator.join(value)


def _check_spec(path: Any, spec: Any) -> tuple[str, str | None, str | None]:
    if not isinstance(path, str) or not path or len(path.split(".")) > _MAX_DEPTH:
        raise CallError("InvalidMessage", f"shared path {path!r} must be a dotted path")
    if not isinstance(spec, dict):
        raise CallError("InvalidMessage", f"shared[{path!r}] must be an object")
    key = spec.get("key")
    scope = spec.get("scope")
    join = spec.get("join")
    if not isinstance(key, str) or not key or len(key) > _MAX_KEY:
        raise CallError("InvalidMessage", f"shared[{path!r}].key must be a non-empty string")
    if scope is not None and not isinstance(scope, str):
        raise CallError("InvalidMessage", f"shared[{path!r}].scope must be a string")
    if join is not None and not isinstance(join, str):
        raise CallError("InvalidMessage", f"shared[{path!r}].join must be a string")
    return key, scope, join


def _place(args: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    target = args
    for part in parents:
        child = target.setdefault(part, {})
        if not isinstance(child, dict):
            raise CallError("InvalidMessage", f"shared path {path!r}: {part} is not an object")
        target = child
    target[last] = value
