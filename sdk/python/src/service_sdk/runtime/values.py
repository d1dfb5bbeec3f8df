"""Conversions between protocol JSON and plugin values, and checks of ``call`` arguments."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import decimal
import json
import math
import numbers
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from ..models import Document
from .errors import CallError

__all__ = [
    "document_arg",
    "file_data_arg",
    "finite_float",
    "jsonable",
    "opt_str_arg",
    "require_str",
    "safe_jsonable",
    "str_list_arg",
]


def jsonable(value: Any, path: str = "value") -> Any:
    """Convert ``value`` to JSON types: dates/datetimes → ISO 8601, ``Decimal`` → float,
    tuples/sets → lists, bytes → base64, dataclasses → dicts.

    Raises:
        CallError: ``WrongReturnType`` naming ``path`` for a value with no JSON form or a
            non-finite float.
    """
    if value is None or isinstance(value, bool | str | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CallError("WrongReturnType", f"{path} is {value}, which JSON cannot carry")
        return value
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise CallError("WrongReturnType", f"{path} has a non-string key {k!r}")
            out[k] = jsonable(v, f"{path}[{k!r}]")
        return out
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return jsonable(float(value), path)
    if isinstance(value, bytes | bytearray):
        return base64.b64encode(value).decode("ascii")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return jsonable(dataclasses.asdict(value), path)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return jsonable(float(value), path)
    raise CallError(
        "WrongReturnType", f"{path} is a {type(value).__name__}, which has no JSON form"
    )


def safe_jsonable(value: Any) -> Any:
    """:func:`jsonable`, falling back to ``repr`` for parts without a JSON form."""
    try:
        return jsonable(value)
    except CallError:
        return json.loads(json.dumps(value, default=repr))


def finite_float(value: Any, what: str) -> float:
    """``value`` as a finite float.

    Raises:
        CallError: ``WrongReturnType`` (``what`` leads the message) for a non-number, a bool
            or a non-finite value.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CallError("WrongReturnType", f"{what}, got {type(value).__name__}")
    result = float(value)
    if not math.isfinite(result):
        raise CallError("WrongReturnType", f"{what}, got the non-finite value {result}")
    return result


def require_str(message: Mapping[str, Any], key: str) -> str:
    """The string ``message[key]``; ``InvalidMessage`` when missing or not a string."""
    value = message.get(key)
    if not isinstance(value, str):
        raise CallError("InvalidMessage", f"{key} must be a string")
    return value


def opt_str_arg(args: Mapping[str, Any], key: str) -> str | None:
    """The string or null ``args[key]``; ``InvalidArguments`` otherwise."""
    value = args.get(key)
    if value is not None and not isinstance(value, str):
        raise CallError("InvalidArguments", f"{key} must be a string or null")
    return value


def str_list_arg(args: Mapping[str, Any], key: str) -> list[str]:
    """The list of strings ``args[key]`` (missing: empty); ``InvalidArguments`` otherwise."""
    value = args.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CallError("InvalidArguments", f"{key} must be a list of strings")
    return list(value)


#: The last ``file_data`` string decoded and its bytes: a document's calls get the same string
#: object from the shared values (docs/plugin-runtime.md), so it is decoded once, not per call.
_last_file_data: list[tuple[str, bytes]] = []


def file_data_arg(args: Mapping[str, Any]) -> bytes | None:
    """``args["file_data"]`` decoded from base64 (null: ``None``); else ``InvalidArguments``.

    The bytes of the last string decoded are reused when the same string object comes again
    (``bytes`` are immutable, so the calls cannot affect one another).
    """
    value = args.get("file_data")
    if value is None:
        return None
    if not isinstance(value, str):
        raise CallError("InvalidArguments", "file_data must be a base64 string or null")
    if _last_file_data and _last_file_data[0][0] is value:
        return _last_file_data[0][1]
    try:
        data = base64.b64decode(value, validate=True)
    except ValueError:
        raise CallError("InvalidArguments", "file_data is not valid base64") from None
    _last_file_data[:] = [(value, data)]
    return data


_D = TypeVar("_D", bound=Document)


def document_arg(args: Mapping[str, Any], cls: type[_D]) -> _D:
    """``args["document"]`` as a ``cls`` (Document or ExtendedDocument); ``InvalidArguments``
    when it is not an object or does not fit."""
    raw = args.get("document")
    if not isinstance(raw, dict):
        raise CallError("InvalidArguments", "document must be an object")
    try:
        doc = cast(_D, cls.from_dict(raw))
    except (ValueError, TypeError) as exc:
        raise CallError("InvalidArguments", f"document: {exc}") from None
    return doc
