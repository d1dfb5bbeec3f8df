"""Checks of values read from the runtime protocol's JSON (``from_dict``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any


def _parse_datetime(value: object) -> datetime | None:
    """Parse an ISO 8601 timestamp (``Z`` suffix accepted); ``None`` stays ``None``.

    Raises:
        ValueError: the value is neither ``None``, a ``datetime`` nor an ISO 8601 string.
    """
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, str):
        return datetime.fromisoformat(value)
    raise ValueError(f"expected an ISO 8601 timestamp string, got {type(value).__name__}")


def _str_list(value: object, name: str) -> list[str]:
    """Return ``value`` as a list of strings (``None`` → ``[]``).

    Raises:
        ValueError: ``value`` is not a list of strings.
    """
    if value is None:
        return []
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name} must be a list of strings")
    return list(value)


def _opt_str(value: object, name: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{name} must be a string or null, got {type(value).__name__}")


def _dict(value: object, name: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object, got {type(value).__name__}")
    return dict(value)
