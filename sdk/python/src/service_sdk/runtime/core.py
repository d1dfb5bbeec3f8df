"""Implementation of the plugin runtime protocol (``docs/plugin-runtime.md``)."""

from __future__ import annotations

import argparse
import asyncio
import base64
import dataclasses
import datetime as dt
import decimal
import inspect
import json
import linecache
import math
import numbers
import os
import re
import resource
import signal
import sys
import threading
import traceback
import types
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar, cast

from .. import __version__
from ..contract import CONTRACTS, PluginContract
from ..models import (
    BaseSourceState,
    ConfigurableParameter,
    Document,
    DocumentInput,
    DynamicCredential,
    ExtendedDocument,
    ExtractionResult,
    OntologyField,
    ScoredDocument,
)
from ..plugins import (
    BaseBenchmark,
    ClassificationPlugin,
    ExtractionPlugin,
    SourcePlugin,
    event_handlers,
)
from ..services import ServiceError, bind_backend, reset_backend
from ..validator import analyze_source

__all__ = ["PROTOCOL_VERSION", "CallError", "Runtime", "main"]

#: Version of the JSON Lines protocol; sent in the ``ready`` message.
PROTOCOL_VERSION = 1

#: Exit status when a resource limit ends the process.
EXIT_LIMIT = 3

_BASES: dict[type, str] = {
    SourcePlugin: "SourcePlugin",
    ClassificationPlugin: "ClassificationPlugin",
    ExtractionPlugin: "ExtractionPlugin",
    BaseBenchmark: "BaseBenchmark",
}

_METHODS: dict[str, tuple[str, ...]] = {
    "source": ("fetch", "has_new_data"),
    "classification": ("classify",),
    "extraction": ("extract",),
    "benchmark": ("score", "score_batch", "compute", "compare"),
}

_RUNTIME_DIR = str(Path(__file__).resolve().parent)


class CallError(Exception):
    """A failure reported to the host as an ``error`` message.

    Attributes:
        error_type: machine-readable identifier (``WrongReturnType``, ``MissingAwait`` …).
        message: human-readable description.
        traceback: formatted plugin traceback, when a plugin exception caused it.
    """

    def __init__(self, error_type: str, message: str, tb: str | None = None) -> None:
        super().__init__(message)
        self.error_type = error_type
        self.message = message
        self.traceback = tb


def _plugin_traceback(exc: BaseException) -> str:
    te = traceback.TracebackException.from_exception(exc)
    te.stack = traceback.StackSummary.from_list(
        [f for f in te.stack if not f.filename.startswith(_RUNTIME_DIR)]
    )
    return "".join(te.format())


def _plugin_exception(exc: BaseException, where: str) -> CallError:
    return CallError(
        "PluginException",
        f"{where} raised {type(exc).__name__}: {exc}",
        _plugin_traceback(exc),
    )


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


@dataclasses.dataclass
class LoadedPlugin:
    """A plugin class loaded by a ``load`` message, with its instance."""

    plugin_id: str
    cls: type[Any]
    instance: Any
    contract: PluginContract
    module: types.ModuleType

    @property
    def plugin_type(self) -> str:
        return self.contract.plugin_type

    def describe(self) -> dict[str, Any]:
        """The ``value`` of the ``load`` result (see docs/plugin-runtime.md)."""
        cls = self.cls
        params = [
            p.to_dict() if isinstance(p, ConfigurableParameter) else p
            for p in getattr(cls, "configurable_parameters", []) or []
        ]
        attributes: dict[str, Any] = {}
        if self.plugin_type == "source":
            model = getattr(cls, "source_state_model", None)
            attributes = {
                "source_type": getattr(cls, "source_type", None),
                "credential_fields": list(getattr(cls, "credential_fields", []) or []),
                "source_state_model": getattr(model, "__name__", None),
            }
        elif self.plugin_type == "benchmark":
            attributes = {
                "name": getattr(cls, "name", None),
                "target_labels": list(getattr(cls, "target_labels", []) or []),
                "metric_unit": getattr(cls, "metric_unit", None),
                "group_by": list(getattr(cls, "group_by", []) or []),
                "match_rules": [
                    r.to_dict() if hasattr(r, "to_dict") else r
                    for r in getattr(cls, "MATCH_RULES", []) or []
                ],
            }
        return {
            "plugin_id": self.plugin_id,
            "class_name": cls.__name__,
            "plugin_type": self.plugin_type,
            "methods": list(_METHODS[self.plugin_type]),
            "attributes": _safe_jsonable(attributes),
            "configurable_parameters": _safe_jsonable(params),
            "event_handlers": event_handlers(self.instance),
        }

    def default_configs(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for p in getattr(self.cls, "configurable_parameters", []) or []:
            if isinstance(p, ConfigurableParameter):
                out[p.parameter_name] = p.default_value
        return out


def _safe_jsonable(value: Any) -> Any:
    try:
        return jsonable(value)
    except CallError:
        return json.loads(json.dumps(value, default=repr))


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
    """One runtime process: the plugin cache, in-flight calls and pending service requests.

    Args:
        write: writes one encoded protocol line (bytes ending in ``\\n``) to the host.
        call_timeout: default wall-clock limit of a call, in seconds (``None``: none).
    """

    def __init__(self, write: Callable[[bytes], None], call_timeout: float | None = None) -> None:
        self._write = write
        self._lock = threading.Lock()
        self.call_timeout = call_timeout
        self.plugins: dict[str, LoadedPlugin] = {}
        self.calls: dict[Any, asyncio.Task[None]] = {}
        self.pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._request_seq = 0
        self._load_seq = 0
        self.stopping = False
        self.current_configs: dict[str, Any] = {}
        #: Kill leftover plugin processes after each call (set by ``--reap-descendants``).
        self.reap = False

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
        out: dict[str, Any] = {
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
            self.send_error(
                None, CallError("ProtocolError", "a message must be a JSON object")
            )
            return
        msg_id = message.get("id")
        try:
            await self.dispatch(message)
        except CallError as err:
            self.send_error(msg_id, err)
        except Exception as exc:  # defensive: the runtime must never die on a message
            self.send_error(
                msg_id,
                CallError("RuntimeFailure", f"{type(exc).__name__}: {exc}", _plugin_traceback(exc)),
            )

    async def dispatch(self, message: dict[str, Any]) -> None:
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
            self.send({"type": "result", "id": msg_id, "value": value})
        elif kind == "unload":
            plugin_id = _require_str(message, "plugin_id")
            removed = self.plugins.pop(plugin_id, None)
            if removed is not None:
                sys.modules.pop(removed.module.__name__, None)
            self.send({"type": "result", "id": msg_id, "value": removed is not None})
        elif kind == "call":
            if msg_id in self.calls:
                raise CallError("InvalidMessage", f"a call with id {msg_id!r} is still running")
            call_task = asyncio.create_task(self.run_call(message))
            self.calls[msg_id] = call_task
            call_task.add_done_callback(lambda t: self._call_done(msg_id, t))
        elif kind == "cancel":
            target = message.get("call_id")
            task = self.calls.get(target)
            if task is not None:
                task.cancel()
            self.send({"type": "result", "id": msg_id, "value": task is not None})
        elif kind == "validate":
            source = _require_str(message, "source")
            docs_base = message.get("docs_base")
            analysis = analyze_source(
                source, docs_base=docs_base if isinstance(docs_base, str) else None
            )
            findings = [f.to_dict() for f in analysis.findings]
            summary: Any = findings
            if message.get("include_summary") is True:
                summary = {
                    "findings": findings,
                    "plugin_type": analysis.plugin_type,
                    "class_name": analysis.class_name,
                }
            self.send({"type": "result", "id": msg_id, "value": summary})
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

    # -- load ----------------------------------------------------------------------------

    def load(self, message: dict[str, Any]) -> dict[str, Any]:
        plugin_id = _require_str(message, "plugin_id")
        source = _require_str(message, "source")
        class_name = message.get("class_name")
        if class_name is not None and not isinstance(class_name, str):
            raise CallError("InvalidMessage", "class_name must be a string or null")
        self._load_seq += 1
        module_name = f"service_plugin_{re.sub(r'[^0-9A-Za-z_]', '_', plugin_id)}_{self._load_seq}"
        filename = f"<plugin:{plugin_id}>"
        try:
            code = compile(source, filename, "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as exc:
            line = getattr(exc, "lineno", None)
            raise CallError(
                "SyntaxError", f"line {line}: {exc}" if line else str(exc)
            ) from None
        module = types.ModuleType(module_name)
        module.__file__ = filename
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        sys.modules[module_name] = module
        try:
            exec(code, module.__dict__)
        except BaseException as exc:
            sys.modules.pop(module_name, None)
            if isinstance(exc, KeyboardInterrupt | asyncio.CancelledError):
                raise
            raise _plugin_exception(exc, "loading the plugin module") from None
        cls = self._find_class(module, class_name)
        bases = [name for base, name in _BASES.items() if issubclass(cls, base)]
        if len(bases) != 1:
            sys.modules.pop(module_name, None)
            raise CallError(
                "InvalidBaseClass",
                f"{cls.__name__} inherits {', '.join(bases)}; a plugin has exactly one type",
            )
        contract = CONTRACTS[bases[0]]
        for method in contract.methods:
            if getattr(cls, method.name) is getattr(_base_of(bases[0]), method.name):
                sys.modules.pop(module_name, None)
                raise CallError(
                    "MissingMethod", f"{cls.__name__} does not define {method.name}()"
                )
        if contract.plugin_type == "source":
            model = getattr(cls, "source_state_model", None)
            if not (isinstance(model, type) and issubclass(model, BaseSourceState)):
                sys.modules.pop(module_name, None)
                raise CallError(
                    "InvalidClassAttribute",
                    "source_state_model must be a class inheriting BaseSourceState",
                )
        try:
            instance = cls()
        except Exception as exc:
            sys.modules.pop(module_name, None)
            raise _plugin_exception(exc, f"{cls.__name__}()") from None
        previous = self.plugins.get(plugin_id)
        if previous is not None:
            sys.modules.pop(previous.module.__name__, None)
        plugin = LoadedPlugin(plugin_id, cls, instance, contract, module)
        self.plugins[plugin_id] = plugin
        return plugin.describe()

    @staticmethod
    def _find_class(module: types.ModuleType, class_name: str | None) -> type:
        candidates = [
            obj
            for obj in vars(module).values()
            if isinstance(obj, type)
            and obj.__module__ == module.__name__
            and any(issubclass(obj, base) for base in _BASES)
        ]
        if class_name is not None:
            for cls in candidates:
                if cls.__name__ == class_name:
                    return cls
            raise CallError("InvalidBaseClass", f"no plugin class named {class_name!r}")
        leaves = [c for c in candidates if not any(o is not c and issubclass(o, c)
                                                     for o in candidates)]
        if not leaves:
            raise CallError(
                "InvalidBaseClass",
                "no class inherits SourcePlugin, ClassificationPlugin, ExtractionPlugin or "
                "BaseBenchmark",
            )
        if len(leaves) > 1:
            names = ", ".join(sorted(c.__name__ for c in leaves))
            raise CallError(
                "InvalidBaseClass",
                f"several plugin classes ({names}); define one or pass class_name",
            )
        return leaves[0]

    # -- call ----------------------------------------------------------------------------

    async def run_call(self, message: dict[str, Any]) -> None:
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
            error = _plugin_exception(exc, str(message.get("method")))
        finally:
            reset_backend(token)
        self.calls.pop(call_id, None)
        self.reap_descendants()
        if error is None:
            self.send({"type": "result", "id": call_id, "value": value})
        else:
            self.send_error(call_id, error)

    def reap_descendants(self) -> None:
        """Kill every process a plugin started, once no call is running (sandbox only).

        Inside the sandbox the runtime is pid 2 of its own PID namespace (bubblewrap's init is
        pid 1), so ``kill(-1)`` reaches exactly the processes the plugin left behind: no child
        outlives the call that started it. Outside a sandbox it does nothing.
        """
        if not self.reap or self.calls or os.getpid() != 2:
            return
        try:
            with open("/proc/1/comm", encoding="ascii") as comm:
                if comm.read().strip() != "bwrap":
                    return
            os.kill(-1, signal.SIGKILL)
        except (OSError, ValueError):
            pass  # ESRCH: nothing to kill

    async def invoke(self, message: dict[str, Any]) -> Any:
        plugin_id = _require_str(message, "plugin_id")
        method = _require_str(message, "method")
        args = message.get("args") or {}
        if not isinstance(args, dict):
            raise CallError("InvalidArguments", "args must be an object")
        plugin = self.plugins.get(plugin_id)
        if plugin is None:
            raise CallError("UnknownPlugin", f"no plugin loaded under id {plugin_id!r}")
        call_id = message["id"]
        if method == "handle_event":
            return await self.call_handle_event(plugin, args)
        if method not in _METHODS[plugin.plugin_type]:
            raise CallError(
                "UnknownMethod",
                f"a {plugin.plugin_type} plugin has no method {method!r}; methods: "
                f"{', '.join((*_METHODS[plugin.plugin_type], 'handle_event'))}",
            )
        handler = getattr(self, f"call_{method}")
        result: Any = await handler(plugin, args, call_id)
        return result

    def configs(self, plugin: LoadedPlugin, args: dict[str, Any]) -> dict[str, Any]:
        given = args.get("configs") or {}
        if not isinstance(given, dict):
            raise CallError("InvalidArguments", "configs must be an object")
        return {**plugin.default_configs(), **given}

    async def call_async(self, plugin: LoadedPlugin, method: str, *args: Any) -> Any:
        func = getattr(plugin.instance, method)
        if not inspect.iscoroutinefunction(func):
            raise CallError(
                "MustBeAsync", f"{method} must be declared with async def (spec 4.11)"
            )
        try:
            result = await func(*args)
        except CallError:
            raise
        except Exception as exc:
            raise _plugin_exception(exc, method) from None
        if inspect.isawaitable(result):
            if inspect.iscoroutine(result):
                result.close()
            raise CallError(
                "MissingAwait",
                f"{method} returned an un-awaited coroutine; add await before the async "
                "call whose result you return (e.g. `await prompt_llm(...)`)",
            )
        return result

    def call_sync(self, plugin: LoadedPlugin, method: str, *args: Any) -> Any:
        func = getattr(plugin.instance, method)
        plugin.instance.configs = self.current_configs
        if inspect.iscoroutinefunction(func) or inspect.isasyncgenfunction(func):
            raise CallError(
                "MustBeSync", f"benchmark method {method} must be a plain def (spec 4.11)"
            )
        try:
            result = func(*args)
        except Exception as exc:
            raise _plugin_exception(exc, method) from None
        if inspect.iscoroutine(result):
            result.close()
            raise CallError(
                "MissingAwait",
                f"{method} returned a coroutine; benchmarks are synchronous and must not "
                "call async functions",
            )
        return result

    async def call_classify(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        result = await self.call_async(
            plugin,
            "classify",
            _document(args, Document),
            _file_data(args),
            _opt_str_arg(args, "mime_type"),
            _str_list_arg(args, "available_labels"),
            _str_list_arg(args, "current_path"),
            self.configs(plugin, args),
        )
        if result is None or isinstance(result, str):
            return result
        hint = " — return one label, not a list" if isinstance(result, list | tuple) else ""
        raise CallError(
            "WrongReturnType",
            f"classify must return str or None, got {type(result).__name__}{hint}",
        )

    async def call_extract(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        raw_fields = args.get("fields") or []
        if not isinstance(raw_fields, list):
            raise CallError("InvalidArguments", "fields must be a list of objects")
        try:
            fields = [OntologyField.from_dict(f) for f in raw_fields]
        except ValueError as exc:
            raise CallError("InvalidArguments", f"fields: {exc}") from None
        result = await self.call_async(
            plugin,
            "extract",
            _document(args, Document),
            _file_data(args),
            _opt_str_arg(args, "mime_type"),
            fields,
            self.configs(plugin, args),
        )
        if not isinstance(result, ExtractionResult):
            hint = (
                " — wrap it: ExtractionResult(data=...)" if isinstance(result, dict) else ""
            )
            raise CallError(
                "WrongReturnType",
                f"extract must return ExtractionResult, got {type(result).__name__}{hint}",
            )
        return jsonable(result.to_dict(), "extract result")

    def _source_args(
        self, plugin: LoadedPlugin, args: dict[str, Any]
    ) -> tuple[DynamicCredential, BaseSourceState, dict[str, Any]]:
        creds = args.get("credentials") or {}
        if not isinstance(creds, dict):
            raise CallError("InvalidArguments", "credentials must be an object")
        model: type[BaseSourceState] = plugin.cls.source_state_model
        try:
            state = model.from_dict(args.get("state") or {})
        except (TypeError, ValueError) as exc:
            raise CallError(
                "InvalidArguments", f"state does not fit {model.__name__}: {exc}"
            ) from None
        return DynamicCredential(creds), state, self.configs(plugin, args)

    async def call_has_new_data(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        result = await self.call_async(plugin, "has_new_data", *self._source_args(plugin, args))
        if not isinstance(result, bool):
            raise CallError(
                "WrongReturnType", f"has_new_data must return bool, got {type(result).__name__}"
            )
        return result

    async def call_fetch(self, plugin: LoadedPlugin, args: dict[str, Any], call_id: Any) -> Any:
        credentials, state, configs = self._source_args(plugin, args)
        func = plugin.instance.fetch
        if not inspect.isasyncgenfunction(func):
            if inspect.iscoroutinefunction(func):
                raise CallError(
                    "WrongReturnType",
                    "fetch must be an async generator: `yield DocumentInput(...)` each file "
                    "instead of returning",
                )
            raise CallError("MustBeAsync", "fetch must be declared with async def and yield")
        count = 0
        generator = func(credentials, state, configs)
        try:
            while True:
                try:
                    item = await generator.__anext__()
                except StopAsyncIteration:
                    break
                except Exception as exc:
                    raise _plugin_exception(exc, "fetch") from None
                if inspect.iscoroutine(item):
                    item.close()
                    raise CallError(
                        "MissingAwait", "fetch yielded an un-awaited coroutine; add await"
                    )
                if not isinstance(item, DocumentInput):
                    raise CallError(
                        "WrongReturnType",
                        f"fetch must yield DocumentInput, got {type(item).__name__}",
                    )
                count += 1
                self.send(
                    {
                        "type": "item",
                        "id": call_id,
                        "value": {**item.to_dict(), "metadata": jsonable(
                            item.metadata, "DocumentInput.metadata")},
                        "state": jsonable(state.to_dict(), "state"),
                    }
                )
        finally:
            await generator.aclose()
        return {"count": count, "state": jsonable(state.to_dict(), "state")}

    def _score_one(self, plugin: LoadedPlugin, doc: ExtendedDocument) -> float | None:
        result = self.call_sync(plugin, "score", doc)
        if result is None:
            return None
        return _finite_float(result, "score must return float or None")

    async def call_score(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        self.current_configs = self.configs(plugin, args)
        return self._score_one(plugin, _document(args, ExtendedDocument))

    async def call_score_batch(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        docs = args.get("documents")
        if not isinstance(docs, list):
            raise CallError("InvalidArguments", "documents must be a list of documents")
        self.current_configs = self.configs(plugin, args)
        scores: list[float | None] = []
        for index, raw in enumerate(docs):
            doc = _document({"document": raw}, ExtendedDocument)
            try:
                scores.append(self._score_one(plugin, doc))
            except CallError as err:
                err.message = f"documents[{index}] (id {doc.id}): {err.message}"
                raise
            if index % 64 == 63:
                await asyncio.sleep(0)  # let replies and other calls through
        return scores

    async def call_compute(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        raw = args.get("results")
        if not isinstance(raw, list) or not raw:
            raise CallError("InvalidArguments", "results must be a non-empty list (spec 8)")
        try:
            results = [ScoredDocument.from_dict(r) for r in raw]
        except ValueError as exc:
            raise CallError("InvalidArguments", f"results: {exc}") from None
        self.current_configs = self.configs(plugin, args)
        value = self.call_sync(plugin, "compute", results)
        return _finite_float(value, "compute must return float")

    async def call_compare(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        scores = []
        for name in ("document_score", "benchmark_score"):
            value = args.get(name)
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise CallError("InvalidArguments", f"{name} must be a number")
            scores.append(float(value))
        self.current_configs = self.configs(plugin, args)
        result = self.call_sync(plugin, "compare", *scores)
        if type(result).__name__ == "bool_":  # numpy.bool_
            result = bool(result)
        if not isinstance(result, bool):
            raise CallError(
                "WrongReturnType", f"compare must return bool, got {type(result).__name__}"
            )
        return result

    async def call_handle_event(self, plugin: LoadedPlugin, args: dict[str, Any]) -> Any:
        event = args.get("event")
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise CallError("InvalidArguments", "event must be an object with a string type")
        handled = []
        for name in sorted(event_handlers(plugin.instance, event["type"])):
            func = getattr(plugin.instance, name)
            if not inspect.iscoroutinefunction(func):
                raise CallError("MustBeAsync", f"event handler {name} must be async def")
            try:
                await func(event)
            except Exception as exc:
                raise _plugin_exception(exc, name) from None
            handled.append(name)
        return {"handled": handled}


def _base_of(name: str) -> type:
    for base, base_name in _BASES.items():
        if base_name == name:
            return base
    raise KeyError(name)


def _safe_id(value: Any) -> Any:
    return value if isinstance(value, str | int) and not isinstance(value, bool) else None


def _require_str(message: Mapping[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str):
        raise CallError("InvalidMessage", f"{key} must be a string")
    return value


def _opt_str_arg(args: Mapping[str, Any], key: str) -> str | None:
    value = args.get(key)
    if value is not None and not isinstance(value, str):
        raise CallError("InvalidArguments", f"{key} must be a string or null")
    return value


def _str_list_arg(args: Mapping[str, Any], key: str) -> list[str]:
    value = args.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CallError("InvalidArguments", f"{key} must be a list of strings")
    return list(value)


def _file_data(args: Mapping[str, Any]) -> bytes | None:
    value = args.get("file_data")
    if value is None:
        return None
    if not isinstance(value, str):
        raise CallError("InvalidArguments", "file_data must be a base64 string or null")
    try:
        return base64.b64decode(value, validate=True)
    except ValueError:
        raise CallError("InvalidArguments", "file_data is not valid base64") from None


_D = TypeVar("_D", bound=Document)


def _document(args: Mapping[str, Any], cls: type[_D]) -> _D:
    raw = args.get("document")
    if not isinstance(raw, dict):
        raise CallError("InvalidArguments", "document must be an object")
    try:
        doc = cast(_D, cls.from_dict(raw))
    except (ValueError, TypeError) as exc:
        raise CallError("InvalidArguments", f"document: {exc}") from None
    return doc


def _finite_float(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CallError("WrongReturnType", f"{what}, got {type(value).__name__}")
    result = float(value)
    if not math.isfinite(result):
        raise CallError("WrongReturnType", f"{what}, got the non-finite value {result}")
    return result


# --------------------------------------------------------------------------------------
# process setup


def _env_number(name: str) -> float | None:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return None
    return float(raw)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the runtime's flags; each defaults to its ``SERVICE_RUNTIME_*`` variable."""
    parser = argparse.ArgumentParser(
        prog="python -m service_sdk.runtime",
        description="Isolated plugin runtime speaking JSON Lines on stdin/stdout.",
    )
    parser.add_argument("--cpu-seconds", type=float,
                        default=_env_number("SERVICE_RUNTIME_CPU_SECONDS"),
                        help="CPU-time limit of the process (RLIMIT_CPU)")
    parser.add_argument("--memory-mb", type=float,
                        default=_env_number("SERVICE_RUNTIME_MEMORY_MB"),
                        help="address-space limit in MiB (RLIMIT_AS)")
    parser.add_argument("--max-open-files", type=float,
                        default=_env_number("SERVICE_RUNTIME_MAX_OPEN_FILES"),
                        help="open file descriptor limit (RLIMIT_NOFILE)")
    parser.add_argument("--max-processes", type=float,
                        default=_env_number("SERVICE_RUNTIME_MAX_PROCESSES"),
                        help="processes and threads of the runtime's user (RLIMIT_NPROC); "
                        "meant for the sandbox, where that user is the runtime's alone")
    parser.add_argument("--max-file-mb", type=float,
                        default=_env_number("SERVICE_RUNTIME_MAX_FILE_MB"),
                        help="largest file the plugin may write, in MiB (RLIMIT_FSIZE)")
    parser.add_argument("--reap-descendants", action="store_true",
                        help="inside the sandbox's PID namespace only: kill the processes a "
                        "plugin left behind after each call")
    parser.add_argument("--builtins-path", default=os.environ.get("SERVICE_RUNTIME_BUILTINS_PATH"),
                        help="directory appended to sys.path: where the built-in plugins' "
                        "helper package service_builtins lives (the repository's plugins/)")
    parser.add_argument("--call-timeout", type=float,
                        default=_env_number("SERVICE_RUNTIME_CALL_TIMEOUT"),
                        help="default wall-clock limit of one call, in seconds")
    return parser.parse_args(argv)


def _set_limit(kind: int, soft: int, hard: int | None = None) -> None:
    _cur_soft, cur_hard = resource.getrlimit(kind)
    hard = soft if hard is None else hard
    if cur_hard != resource.RLIM_INFINITY:
        hard = min(hard, cur_hard)
        soft = min(soft, hard)
    resource.setrlimit(kind, (soft, hard))


def apply_limits(args: argparse.Namespace, fatal: Callable[[str, str], None]) -> dict[str, Any]:
    """Apply the resource limits of ``args``; return them as the ``limits`` of ``ready``.

    The CPU limit is soft (SIGXCPU → a ``fatal`` message and exit status 3) with a hard
    limit one second later (SIGKILL by the kernel).
    """
    limits: dict[str, Any] = {"cpu_seconds": None, "memory_mb": None, "max_open_files": None,
                              "max_processes": None, "max_file_mb": None,
                              "call_timeout": args.call_timeout}
    if args.cpu_seconds is not None:
        seconds = max(1, math.ceil(args.cpu_seconds))
        _set_limit(resource.RLIMIT_CPU, seconds, seconds + 1)

        def on_xcpu(signum: int, frame: types.FrameType | None) -> None:
            fatal("CpuTimeExceeded", f"the plugin runtime used its {seconds} s of CPU time")

        signal.signal(signal.SIGXCPU, on_xcpu)
        limits["cpu_seconds"] = seconds
    if args.memory_mb is not None:
        _set_limit(resource.RLIMIT_AS, int(args.memory_mb * 1024 * 1024))
        limits["memory_mb"] = args.memory_mb
    if args.max_open_files is not None:
        _set_limit(resource.RLIMIT_NOFILE, int(args.max_open_files))
        limits["max_open_files"] = int(args.max_open_files)
    if args.max_processes is not None:
        # Counted per user: inside the sandbox's user namespace that is this runtime alone, so
        # a fork bomb fails at the limit (the kernel does not enforce it for host root).
        _set_limit(resource.RLIMIT_NPROC, int(args.max_processes))
        limits["max_processes"] = int(args.max_processes)
    if args.max_file_mb is not None:
        # CPython ignores SIGXFSZ, so an oversize write raises OSError (EFBIG) in the plugin.
        _set_limit(resource.RLIMIT_FSIZE, int(args.max_file_mb * 1024 * 1024))
        limits["max_file_mb"] = args.max_file_mb
    return limits


def main(argv: list[str] | None = None) -> int:
    """Run the runtime until ``shutdown`` or end of input; return the exit status."""
    args = parse_args(argv)
    # stdout is the protocol channel: keep a private copy of fd 1 and point fd 1 and
    # sys.stdout at stderr so that print() and child processes cannot corrupt it.
    proto_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def write(data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(proto_fd, view)
            view = view[written:]

    def fatal(error_type: str, message: str) -> None:
        line = json.dumps({"type": "fatal", "error_type": error_type, "message": message})
        try:
            os.write(proto_fd, b"\n" + line.encode() + b"\n")
        finally:
            os._exit(EXIT_LIMIT)

    if args.builtins_path:
        # Appended, not prepended: the helper package can never shadow the standard library,
        # the SDK or an installed library.
        sys.path.append(args.builtins_path)
    runtime = Runtime(write, call_timeout=args.call_timeout)
    runtime.reap = bool(args.reap_descendants)
    try:
        limits = apply_limits(args, fatal)
    except (ValueError, OSError) as exc:
        runtime.send({"type": "fatal", "error_type": "InvalidLimits", "message": str(exc)})
        return 2
    runtime.send(
        {"type": "ready", "protocol": PROTOCOL_VERSION, "sdk_version": __version__,
         "pid": os.getpid(), "limits": limits}
    )
    status = 0
    try:
        asyncio.run(_serve(runtime))
    except KeyboardInterrupt:
        status = 130
    # The stdin reader thread may still be blocked in read(); end the process without the
    # interpreter shutdown that would wait on (and abort over) that thread.
    sys.stderr.flush()
    os._exit(status)


async def _serve(runtime: Runtime) -> None:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | None] = asyncio.Queue()
    stdin = sys.stdin.buffer

    def reader() -> None:
        try:
            for line in iter(stdin.readline, b""):
                loop.call_soon_threadsafe(queue.put_nowait, line)
        except (OSError, ValueError):
            pass
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=reader, name="service-runtime-stdin", daemon=True).start()
    while not runtime.stopping:
        line = await queue.get()
        if line is None:
            break
        await runtime.handle_line(line)
    for task in list(runtime.calls.values()):
        task.cancel()
    if runtime.calls:
        await asyncio.wait(list(runtime.calls.values()), timeout=5)

