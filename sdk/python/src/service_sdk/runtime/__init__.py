"""The isolated plugin runtime: ``python -m service_sdk.runtime`` (DESIGN.md section 5).

A long-lived process the engine starts and talks to over stdin/stdout with JSON Lines: one
JSON object per line, UTF-8, in both directions. stdout carries the protocol only; the
plugin's ``print`` and anything written to file descriptor 1 go to stderr. The protocol is
specified in ``docs/plugin-runtime.md``; :data:`PROTOCOL_VERSION` names its version.

Several ``call`` messages may run concurrently (each is an asyncio task); a call awaiting
``prompt_llm``/``get_prompt`` sends a ``request`` and resumes when the host's ``reply``
arrives. A malformed message is answered with an ``error`` and never stops the process.
"""

from __future__ import annotations

from .core import PROTOCOL_VERSION, CallError, Runtime
from .process import main

__all__ = ["PROTOCOL_VERSION", "CallError", "Runtime", "main"]
