"""What every subcommand shares: exit statuses, usage errors, reading files, printing findings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..validator import Finding

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

class UsageError(Exception):
    """Bad command-line input; reported with exit status 2."""


def _read_text(path: str) -> str:
    # open(), not pathlib: `service validate` starts without pathlib's urllib and ipaddress.
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", errors="replace")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None


def _read_json(path: str, what: str) -> Any:
    import json  # only `plugin run` reads JSON; `validate` starts without it

    try:
        return json.loads(_read_text(path))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} {path} is not valid JSON: {exc}") from None


def format_findings_text(file: str, findings: Sequence[Finding | dict[str, Any]]) -> str:
    """Render findings as ``file:line: ErrorType: message`` plus an indented ``fix:`` line
    (multi-line fixes are indented further); whole-file findings show line ``-``."""
    lines = []
    for f in findings:
        d = f.to_dict() if isinstance(f, Finding) else f
        line = d.get("line")
        lines.append(f"{file}:{line if line is not None else '-'}: {d.get('error_type')}: "
                     f"{d.get('message')}")
        fix = str(d.get("fix_suggestion") or "").replace("\n", "\n         ")
        if fix:
            lines.append(f"    fix: {fix}")
    return "\n".join(lines)
