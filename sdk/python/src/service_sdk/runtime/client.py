"""A synchronous host for the plugin runtime, used by ``service plugin run`` and tests.

It starts ``python -m service_sdk.runtime`` as a subprocess and speaks the JSON Lines
protocol of ``docs/plugin-runtime.md``: one outstanding request at a time, ``log`` and
``item`` messages delivered to callbacks, and service ``request`` messages answered by a
callback (``on_request``) with a ``reply``.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import IO, Any

__all__ = ["RemoteError", "RuntimeClient", "RuntimeCrashed"]

Message = dict[str, Any]


class RemoteError(Exception):
    """The runtime answered a request with an ``error`` message.

    Attributes:
        error_type: the message's ``error_type``.
        message: the message's ``message``.
        traceback: the plugin traceback, if any.
    """

    def __init__(self, error_type: str, message: str, tb: str | None = None) -> None:
        super().__init__(f"{error_type}: {message}")
        self.error_type = error_type
        self.message = message
        self.traceback = tb


class RuntimeCrashed(Exception):
    """The runtime process ended (or sent ``fatal``) before answering.

    Attributes:
        returncode: exit status, when known.
        fatal: the ``fatal`` message, when one was sent.
    """

    def __init__(self, text: str, returncode: int | None, fatal: Message | None = None) -> None:
        super().__init__(text)
        self.returncode = returncode
        self.fatal = fatal


class RuntimeClient:
    """Host side of one runtime process.

    Args:
        runtime_args: extra flags for the runtime (e.g. ``["--cpu-seconds", "5"]``).
        on_log: receives each ``log`` message (default: ignore).
        on_request: answers a ``request`` message; returns ``{"result": ...}`` or
            ``{"error": {"error_type", "message"}}`` (default: error ``ServiceUnavailable``).
        env: environment of the process (default: inherited).
        stderr: where the runtime's stderr goes (default: inherited).
        python: interpreter to run (default: the current one).
    """

    def __init__(
        self,
        runtime_args: Sequence[str] = (),
        *,
        on_log: Callable[[Message], None] | None = None,
        on_request: Callable[[Message], Message] | None = None,
        env: Mapping[str, str] | None = None,
        stderr: int | IO[Any] | None = None,
        python: str = sys.executable,
    ) -> None:
        self.on_log = on_log or (lambda _m: None)
        self.on_request = on_request or _unavailable
        self.process = subprocess.Popen(
            [python, "-m", "service_sdk.runtime", *runtime_args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=dict(env) if env is not None else None,
        )
        self._seq = 0
        self.ready = self._read()
        if self.ready.get("type") != "ready":
            raise RuntimeCrashed(f"unexpected first message {self.ready}", self.process.poll())

    def __enter__(self) -> RuntimeClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def send(self, message: Message) -> None:
        """Write one raw message."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def _read(self) -> Message:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                code = self.process.wait(timeout=10)
                raise RuntimeCrashed(f"the runtime exited with status {code}", code)
            if line.strip():
                message: Message = json.loads(line)
                if message.get("type") == "fatal":
                    code = self.process.wait(timeout=10)
                    raise RuntimeCrashed(
                        f"{message.get('error_type')}: {message.get('message')}", code, message
                    )
                return message

    def request(
        self, message: Message, on_item: Callable[[Message], None] | None = None
    ) -> Any:
        """Send ``message`` (an ``id`` is added) and return the ``value`` of its result.

        Raises:
            RemoteError: the runtime answered with an ``error``.
            RuntimeCrashed: the runtime ended first.
        """
        self._seq += 1
        msg_id = f"h{self._seq}"
        self.send({**message, "id": msg_id})
        while True:
            reply = self._read()
            kind = reply.get("type")
            if kind == "log":
                self.on_log(reply)
            elif kind == "request":
                answer = self.on_request(reply)
                self.send({"type": "reply", "id": reply.get("id"), **answer})
            elif kind == "item" and reply.get("id") == msg_id:
                if on_item is not None:
                    on_item(reply)
            elif kind == "result" and reply.get("id") == msg_id:
                return reply.get("value")
            elif kind == "error" and reply.get("id") in (msg_id, None):
                raise RemoteError(
                    str(reply.get("error_type")), str(reply.get("message")),
                    reply.get("traceback"),
                )

    def load(self, plugin_id: str, source: str, class_name: str | None = None) -> Any:
        """Send ``load``; return the plugin description."""
        return self.request(
            {"type": "load", "plugin_id": plugin_id, "source": source, "class_name": class_name}
        )

    def call(
        self,
        plugin_id: str,
        method: str,
        args: Message,
        on_item: Callable[[Message], None] | None = None,
        shared: Mapping[str, Message] | None = None,
    ) -> Any:
        """Send ``call`` (with ``shared`` values, see docs/plugin-runtime.md); return its
        result value."""
        message: Message = {"type": "call", "plugin_id": plugin_id, "method": method,
                            "args": args}
        if shared is not None:
            message["shared"] = dict(shared)
        return self.request(message, on_item)

    def release(self, scope: str) -> Any:
        """Send ``release``: drop the shared values of ``scope``; return how many there were."""
        return self.request({"type": "release", "scope": scope})

    def validate(self, source: str) -> Any:
        """Send ``validate``; return the findings."""
        return self.request({"type": "validate", "source": source})

    def close(self) -> None:
        """Send ``shutdown`` and wait for the process (kill after 5 s)."""
        if self.process.poll() is None:
            with contextlib.suppress(RemoteError, RuntimeCrashed, OSError, ValueError):
                self.request({"type": "shutdown"})
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


def _unavailable(message: Message) -> Message:
    return {
        "error": {
            "error_type": "ServiceUnavailable",
            "message": f"{message.get('service')} is not available in this host",
        }
    }
