"""The runtime's message handling (``docs/plugin-runtime.md``): one :class:`Runtime` per
process holds the loaded plugins, the running calls, the pending service requests and the
shared values. Loading is in :mod:`.loader`, the plugin methods in :mod:`.methods`, the shared
values in :mod:`.shared`, and the process set-up in :mod:`.process`."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from ..services import ServiceError, bind_backend, reset_backend
from ..validator import analyze_source
from .errors import CallError, plugin_exception, plugin_traceback
from .isolation import ImportGuard
from .loader import METHODS, LoadedPlugin, load_plugin
from .methods import PluginMethods
from .shared import DEFAULT_SHARED_CACHE_MB, SharedCache
from .values import require_str

__all__ = ["PROTOCOL_VERSION", "CallError", "LoadedPlugin", "Runtime"]

#: Version of the JSON Lines protocol; sent in the ``ready`` message.
PROTOCOL_VERSION = 1


class _CallBackend:
    """The :class:`~service_sdk.services.ServiceBackend` bound during one call."""

    def __init__(self, runtime: Runtime, call_id: Any) -> None:
        self.runtime = runtime
        self.call_id = call_id

    async def request(self, service: str, args: dict[str, Any]) -> Any:
        return await self.runtime.service_request(self.call_id, service, args)

    def log(self, level: str, message: str) -> None:
        self.runtime.send({"type": "log", "id": self.call_id, "level": level, "message": message})


class Runtime:
    """One runtime process: the plugin cache, in-flight calls, pending service requests and
    shared values.

    Args:
        write: writes one encoded protocol line (bytes ending in ``\\n``) to the host.
        call_timeout: default wall-clock limit of a call, in seconds (``None``: none).
        shared_cache_bytes: bound of the shared values kept for later calls.
    """

    def __init__(
        self,
        write: Callable[[bytes], None],
        call_timeout: float | None = None,
        shared_cache_bytes: int = DEFAULT_SHARED_CACHE_MB * 1024 * 1024,
    ) -> None:
        self._write = write
        self._lock = threading.Lock()
        self.call_timeout = call_timeout
        self.plugins: dict[str, LoadedPlugin] = {}
        self.calls: dict[Any, asyncio.Task[None]] = {}
        self.pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.shared = SharedCache(shared_cache_bytes)
        self.methods = PluginMethods(self.send)
        self._request_seq = 0
        self._load_seq = 0
        self.stopping = False
        #: Kill leftover plugin processes after each call (set by ``--reap-descendants``).
        self.reap = False
        #: Undoes a plugin's changes to the import system after each load and call (set by the
        #: process's ``main``; see :mod:`.isolation`).
        self.imports: ImportGuard | None = None

    # -- output --------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        """Write one message as a JSON line (thread-safe)."""
        try:
            line = json.dumps(message, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            line = json.dumps(
                {
                    "type": "error",
                    "id": _safe_id(message.get("id")),
                    "error_type": "WrongReturnType",
                    "message": f"the result cannot be encoded as JSON: {exc}",
                }
            )
        with self._lock:
            self._write(line.encode("utf-8") + b"\n")

    def send_error(self, msg_id: Any, error: CallError) -> None:
        """Answer ``msg_id`` with an ``error`` message."""
        out: dict[str, Any] = {
            **error.extra,
            "type": "error",
            "id": _safe_id(msg_id),
            "error_type": error.error_type,
            "message": error.message,
        }
        if error.traceback:
            out["traceback"] = error.traceback
        self.send(out)

    # -- input ---------------------------------------------------------------------------

    async def handle_line(self, raw: bytes) -> None:
        """Handle one input line; never raises (except cancellation)."""
        if not raw.strip():
            return
        try:
            message = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            self.send_error(None, CallError("ProtocolError", f"the line is not valid JSON: {exc}"))
            return
        if not isinstance(message, dict):
            self.send_error(None, CallError("ProtocolError", "a message must be a JSON object"))
            return
        msg_id = message.get("id")
        try:
            await self.dispatch(message)
        except CallError as err:
            self.send_error(msg_id, err)
        except Exception as exc:  # defensive: the runtime must never die on a message
            self.send_error(
                msg_id,
                CallError("RuntimeFailure", f"{type(exc).__name__}: {exc}", plugin_traceback(exc)),
            )

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Handle one parsed message (``call`` starts a task and returns at once)."""
        kind = message.get("type")
        msg_id = message.get("id")
        if kind == "reply":
            self.on_reply(message)
            return
        if not isinstance(msg_id, str | int) or isinstance(msg_id, bool):
            raise CallError("InvalidMessage", "id must be a string or an integer")
        if kind == "load":
            try:
                value = self.load(message)
            finally:
                self.reap_descendants()
                self.isolate_imports()
            self.send({"type": "result", "id": msg_id, "value": value})
        elif kind == "unload":
            plugin_id = require_str(message, "plugin_id")
            removed = self.plugins.pop(plugin_id, None)
            found = removed is not None
            if removed is not None:
                sys.modules.pop(removed.module.__name__, None)
                if self.imports is not None:
                    self.imports.forget(removed.module.__name__)
                del removed  # the last reference: the collection below frees the plugin
                _refreeze()
            self.send({"type": "result", "id": msg_id, "value": found})
        elif kind == "call":
            if msg_id in self.calls:
                raise CallError("InvalidMessage", f"a call with id {msg_id!r} is still running")
            call_task = asyncio.create_task(self.run_call(message))
            self.calls[msg_id] = call_task
            call_task.add_done_callback(lambda t: self._call_done(msg_id, t))
        elif kind == "release":
            released = self.shared.release(require_str(message, "scope"))
            self.send({"type": "result", "id": msg_id, "value": released})
        elif kind == "cancel":
            target = message.get("call_id")
            task = self.calls.get(target)
            if task is not None:
                task.cancel()
            self.send({"type": "result", "id": msg_id, "value": task is not None})
        elif kind == "validate":
            self.send({"type": "result", "id": msg_id, "value": self.validate(message)})
        elif kind == "ping":
            self.send({"type": "result", "id": msg_id, "value": "pong"})
        elif kind == "shutdown":
            self.stopping = True
            for task in list(self.calls.values()):
                task.cancel()
            if self.calls:
                await asyncio.wait(list(self.calls.values()), timeout=5)
            self.send({"type": "result", "id": msg_id, "value": None})
        else:
            raise CallError("UnknownMessageType", f"unknown message type {kind!r}")

    def _call_done(self, msg_id: Any, task: asyncio.Task[None]) -> None:
        self.calls.pop(msg_id, None)
        if task.cancelled():
            # cancelled before its first step: run_call never ran, so answer here
            self.send_error(msg_id, CallError("Cancelled", "the call was cancelled"))

    def on_reply(self, message: dict[str, Any]) -> None:
        """Resolve the pending service request a ``reply`` answers."""
        req_id = message.get("id")
        future = self.pending.get(req_id) if isinstance(req_id, str) else None
        if future is None:
            raise CallError("InvalidMessage", f"reply to unknown request id {req_id!r}")
        if not future.done():
            future.set_result(message)

    async def service_request(self, call_id: Any, service: str, args: dict[str, Any]) -> Any:
        """Send a ``request`` for ``service`` and wait for the host's ``reply``.

        Raises:
            ServiceError: the reply carried an ``error``.
        """
        self._request_seq += 1
        req_id = f"req-{self._request_seq}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[req_id] = future
        try:
            self.send(
                {"type": "request", "id": req_id, "call_id": call_id, "service": service,
                 "args": args}
            )
            reply = await future
        finally:
            self.pending.pop(req_id, None)
        error = reply.get("error")
        if error is not None:
            if isinstance(error, dict):
                raise ServiceError(
                    str(error.get("error_type", "ServiceError")), str(error.get("message", ""))
                )
            raise ServiceError("ServiceError", str(error))
        return reply.get("result")

    # -- load and validate ---------------------------------------------------------------

    def load(self, message: dict[str, Any]) -> dict[str, Any]:
        """Handle ``load``: compile, check and instantiate the plugin; return its description.

        Then every object alive is frozen (``gc.freeze``): the interpreter's and the plugins'
        modules (~110,000 objects with the built-in plugins' scikit-learn and dateparser) live
        as long as the process, and the collector's full collections walked them all, ~50 ms
        once in ~20 documents of a runtime's calls. An unload or a reload unfreezes and
        collects first, so the plugin it drops is freed (:func:`_refreeze`).
        """
        plugin_id = require_str(message, "plugin_id")
        source = require_str(message, "source")
        class_name = message.get("class_name")
        if class_name is not None and not isinstance(class_name, str):
            raise CallError("InvalidMessage", "class_name must be a string or null")
        self._load_seq += 1
        plugin = load_plugin(plugin_id, source, class_name, self._load_seq)
        previous = self.plugins.get(plugin_id)
        self.plugins[plugin_id] = plugin
        if previous is None:
            gc.freeze()
        else:
            sys.modules.pop(previous.module.__name__, None)
            if self.imports is not None:
                self.imports.forget(previous.module.__name__)
            del previous  # the last reference: the collection below frees the old version
            _refreeze()
        return plugin.describe()

    @staticmethod
    def validate(message: dict[str, Any]) -> Any:
        """Handle ``validate``: the validator's findings on ``source`` (never executed)."""
        source = require_str(message, "source")
        docs_base = message.get("docs_base")
        analysis = analyze_source(
            source, docs_base=docs_base if isinstance(docs_base, str) else None
        )
        findings = [f.to_dict() for f in analysis.findings]
        if message.get("include_summary") is not True:
            return findings
        return {
            "findings": findings,
            "plugin_type": analysis.plugin_type,
            "class_name": analysis.class_name,
        }

    # -- call ----------------------------------------------------------------------------

    async def run_call(self, message: dict[str, Any]) -> None:
        """Run one ``call`` and answer it with its ``result`` or ``error``."""
        call_id = message["id"]
        token = bind_backend(_CallBackend(self, call_id))
        value: Any = None
        error: CallError | None = None
        try:
            timeout = message.get("timeout_seconds", self.call_timeout)
            if timeout is not None and (
                not isinstance(timeout, int | float) or isinstance(timeout, bool) or timeout <= 0
            ):
                raise CallError("InvalidMessage", "timeout_seconds must be a positive number")
            try:
                value = await asyncio.wait_for(self.invoke(message), timeout)
            except TimeoutError:
                raise CallError(
                    "Timeout", f"the call did not finish within {timeout} seconds"
                ) from None
        except CallError as err:
            error = err
        except asyncio.CancelledError:
            error = CallError("Cancelled", "the call was cancelled")
        except BaseException as exc:
            error = plugin_exception(exc, str(message.get("method")))
        finally:
            reset_backend(token)
        self.calls.pop(call_id, None)
        self.reap_descendants()
        self.isolate_imports()
        usage = resource_usage()
        if error is None:
            self.send({"type": "result", "id": call_id, "value": value, "usage": usage})
        else:
            error.extra = {**error.extra, "usage": usage}
            self.send_error(call_id, error)

    def isolate_imports(self) -> None:
        """Undo the last plugin's changes to the import system once no call is running."""
        if self.imports is None or self.calls:
            return
        self.imports.restore({p.module.__name__ for p in self.plugins.values()})

    def reap_descendants(self) -> None:
        """Kill every process a plugin started, once no call is running (sandbox only), and
        collect the exit status of the runtime's children (everywhere).

        Inside the sandbox the runtime is pid 2 of its own PID namespace (bubblewrap's init is
        pid 1), so ``kill(-1)`` reaches exactly the processes the plugin left behind: no child
        outlives the call that started it. Its own children are then waited for (for up to
        2 s), so none is left a zombie that would count against the process limit of the next
        calls; orphaned grandchildren are reaped by bubblewrap's init. Outside a sandbox it only
        collects the children that have already exited.
        """
        if self.calls:
            return
        killed = False
        if self.reap and os.getpid() == 2:
            try:
                with open("/proc/1/comm", encoding="ascii") as comm:
                    if comm.read().strip() == "bwrap":
                        os.kill(-1, signal.SIGKILL)
                        killed = True
            except (OSError, ValueError):
                pass  # ESRCH: nothing to kill
        _reap_children(2.0 if killed else 0.0)

    async def invoke(self, message: dict[str, Any]) -> Any:
        """Check a ``call``, put its shared values into ``args`` and run the method."""
        plugin_id = require_str(message, "plugin_id")
        method = require_str(message, "method")
        args = message.get("args") or {}
        if not isinstance(args, dict):
            raise CallError("InvalidArguments", "args must be an object")
        if "shared" in message:
            self.shared.resolve(args, message["shared"])
        plugin = self.plugins.get(plugin_id)
        if plugin is None:
            raise CallError("UnknownPlugin", f"no plugin loaded under id {plugin_id!r}")
        if method != "handle_event" and method not in METHODS[plugin.plugin_type]:
            raise CallError(
                "UnknownMethod",
                f"a {plugin.plugin_type} plugin has no method {method!r}; methods: "
                f"{', '.join((*METHODS[plugin.plugin_type], 'handle_event'))}",
            )
        return await self.methods.run(plugin, method, args, message["id"])


def _reap_children(wait_seconds: float) -> None:
    """Collect the exit status of every child that has ended, waiting up to ``wait_seconds``
    for children still alive (just killed) to end."""
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # no child left
        if pid == 0:
            if time.monotonic() >= deadline:
                return
            time.sleep(0.002)


def _refreeze() -> None:
    """Let the collector free what an unloaded plugin left (its module, classes and
    functions refer to one another), then freeze what remains again (see ``load``)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def resource_usage() -> dict[str, float]:
    """What this process has used so far, as a ``call``'s answer reports it (the host recycles
    a process that used much of its limits): ``cpu_seconds``, user + system CPU of all its
    threads (what ``RLIMIT_CPU`` counts), and ``max_rss_mb``, its peak resident memory in MiB.
    Processes a plugin started are not counted (each has its own limits)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "cpu_seconds": round(used.ru_utime + used.ru_stime, 3),
        # ru_maxrss is in KiB on Linux.
        "max_rss_mb": round(used.ru_maxrss / 1024, 1),
    }


def _safe_id(value: Any) -> Any:
    return value if isinstance(value, str | int) and not isinstance(value, bool) else None
