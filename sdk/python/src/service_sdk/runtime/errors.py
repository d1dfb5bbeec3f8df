"""Errors the runtime reports to the host as ``error`` messages (``docs/plugin-runtime.md``)."""

from __future__ import annotations

import traceback
from pathlib import Path

__all__ = ["CallError", "plugin_exception", "plugin_traceback"]

#: Frames of files under this directory are the runtime's own and are cut from tracebacks.
_RUNTIME_DIR = str(Path(__file__).resolve().parent)


class CallError(Exception):
    """A failure reported to the host as an ``error`` message.

    Attributes:
        error_type: machine-readable identifier (``WrongReturnType``, ``MissingAwait`` …).
        message: human-readable description.
        traceback: formatted plugin traceback, when a plugin exception caused it.
        extra: further fields of the ``error`` message (e.g. ``missing`` of ``SharedMiss``).
    """

    def __init__(
        self,
        error_type: str,
        message: str,
        tb: str | None = None,
        extra: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.error_type = error_type
        self.message = message
        self.traceback = tb
        self.extra = extra or {}


def plugin_traceback(exc: BaseException) -> str:
    """The traceback of ``exc`` with the runtime's own frames removed (plugin frames only)."""
    te = traceback.TracebackException.from_exception(exc)
    te.stack = traceback.StackSummary.from_list(
        [f for f in te.stack if not f.filename.startswith(_RUNTIME_DIR)]
    )
    return "".join(te.format())


def plugin_exception(exc: BaseException, where: str) -> CallError:
    """A ``PluginException`` for plugin code that raised ``exc`` while running ``where``."""
    return CallError(
        "PluginException",
        f"{where} raised {type(exc).__name__}: {exc}",
        plugin_traceback(exc),
    )
