"""Syntax-tree validator of plugin source code (spec 4.11 "Local validation", section 7).

The validator parses the source with :mod:`ast` and never imports or executes it, so it is
safe on untrusted code. The same module serves ``service validate`` and the server's
submission check (through the runtime's ``validate`` message). Each finding has exactly the
shape of an entry of ``error.errors`` in spec section 7::

    {"line": int | None, "error_type": str, "message": str,
     "fix_suggestion": str, "documentation": str | None}

``documentation`` is ``<docs base><anchor>`` where the anchor is the lower-cased
``error_type`` (the headings of the "Validator rules" section of ``docs/plugins.md``). The
base defaults to ``docs/plugins.md#``; override it per call (``docs_base=``) or with the
environment variable ``SERVICE_SDK_DOCS_BASE``. Findings are sorted by line, whole-file
findings (line ``None``) first.

The rules live in one module per concern: :mod:`.state` (what the file imports and defines),
:mod:`.classes` and :mod:`.attributes` (the plugin class), :mod:`.await_flow` (MissingAwait),
:mod:`.file_rules` (print, benchmark I/O, sandbox escapes); :mod:`.checker` runs them all.
"""

from __future__ import annotations

import os
import warnings

from .checker import Checker
from .findings import DEFAULT_DOCS_BASE, RULES, Analysis, Finding

__all__ = [
    "DEFAULT_DOCS_BASE",
    "RULES",
    "Analysis",
    "Finding",
    "analyze_source",
    "validate_file",
    "validate_source",
]


def _docs_base(explicit: str | None) -> str:
    if explicit is not None:
        return explicit
    return os.environ.get("SERVICE_SDK_DOCS_BASE", DEFAULT_DOCS_BASE)


def validate_source(source: str, *, docs_base: str | None = None) -> list[Finding]:
    """Validate plugin source text; return its findings (empty list = valid).

    Never raises on any input string, including invalid syntax and null bytes.
    """
    return analyze_source(source, docs_base=docs_base).findings


def validate_file(path: str | os.PathLike[str], *, docs_base: str | None = None) -> list[Finding]:
    """Validate the plugin file at ``path`` (read as UTF-8, undecodable bytes replaced).

    Raises:
        OSError: the file cannot be read.
    """
    with open(path, "rb") as f:
        data = f.read()
    return validate_source(data.decode("utf-8", errors="replace"), docs_base=docs_base)


def analyze_source(source: str, *, docs_base: str | None = None) -> Analysis:
    """Validate ``source`` and report the plugin type and class found.

    Never raises on any input string.
    """
    checker = Checker(source, _docs_base(docs_base))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. invalid escape sequences in the plugin
            checker.run()
    except (RecursionError, MemoryError):
        checker.findings = []
        checker.add(
            None,
            "SyntaxError",
            "the source is nested too deeply to be analyzed",
            "Flatten deeply nested expressions.",
        )
    findings = sorted(
        checker.findings, key=lambda f: (f.line if f.line is not None else 0, f.error_type)
    )
    return Analysis(findings, checker.plugin_type, checker.class_name)
