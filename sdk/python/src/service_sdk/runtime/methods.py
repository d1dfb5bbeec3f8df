"""The plugin methods a ``call`` runs: argument conversion, the call itself, and the checks of
the returned value against the contract (``docs/plugin-runtime.md``, ``call``)."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any

from ..models import (
    BaseSourceState,
    Document,
    DocumentInput,
    DynamicCredential,
    ExtendedDocument,
    ExtractionResult,
    OntologyField,
    ScoredDocument,
)
from ..plugins import event_handlers
from .errors import CallError, plugin_exception
from .loader import LoadedPlugin
from .values import (
    document_arg,
    file_data_arg,
    finite_float,
    jsonable,
    opt_str_arg,
    str_list_arg,
)

__all__ = ["PluginMethods"]


class PluginMethods:
    """Runs one method of a loaded plugin per ``call``.

    Args:
        send: writes a protocol message to the host (used for ``fetch``'s ``item`` messages).
    """

    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        self.send = send
        #: Configs of the running benchmark call, read by the plugin as ``self.configs``.
        self.current_configs: dict[str, Any] = {}

    async def run(
        self, plugin: LoadedPlugin, method: str, args: dict[str, Any], call_id: Any
    ) -> Any:
        """Run ``method`` (one of the plugin type's methods or ``handle_event``) with ``args``;
        return the JSON value of the result.

        Raises:
            CallError: the arguments do not fit, the plugin raised, or its value breaks the
                contract.
        """
        if method == "handle_event":
            return await self.call_handle_event(plugin, args)
        handler: Callable[[LoadedPlugin, dict[str, Any], Any], Any] = getattr(
            self, f"call_{method}"
        )
        return await handler(plugin, args, call_id)

    def configs(self, plugin: LoadedPlugin, args: dict[str, Any]) -> dict[str, Any]:
        """``args["configs"]`` over the declared defaults of the plugin's parameters."""
        given = args.get("configs") or {}
        if not isinstance(given, dict):
            raise CallError("InvalidArguments", "configs must be an object")
        return {**plugin.default_configs(), **given}

    async def call_async(self, plugin: LoadedPlugin, method: str, *args: Any) -> Any:
        """Await an ``async def`` plugin method; ``MustBeAsync``/``MissingAwait`` on misuse."""
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
            raise plugin_exception(exc, method) from None
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
        """Run a plain ``def`` benchmark method with ``self.configs`` set; ``MustBeSync`` and
        ``MissingAwait`` on misuse."""
        func = getattr(plugin.instance, method)
        plugin.instance.configs = self.current_configs
        if inspect.iscoroutinefunction(func) or inspect.isasyncgenfunction(func):
            raise CallError(
                "MustBeSync", f"benchmark method {method} must be a plain def (spec 4.11)"
            )
        try:
            result = func(*args)
        except Exception as exc:
            raise plugin_exception(exc, method) from None
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
            document_arg(args, Document),
            file_data_arg(args),
            opt_str_arg(args, "mime_type"),
            str_list_arg(args, "available_labels"),
            str_list_arg(args, "current_path"),
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
            document_arg(args, Document),
            file_data_arg(args),
            opt_str_arg(args, "mime_type"),
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
                    raise plugin_exception(exc, "fetch") from None
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
        return finite_float(result, "score must return float or None")

    async def call_score(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        self.current_configs = self.configs(plugin, args)
        return self._score_one(plugin, document_arg(args, ExtendedDocument))

    async def call_score_batch(self, plugin: LoadedPlugin, args: dict[str, Any], _: Any) -> Any:
        docs = args.get("documents")
        if not isinstance(docs, list):
            raise CallError("InvalidArguments", "documents must be a list of documents")
        self.current_configs = self.configs(plugin, args)
        scores: list[float | None] = []
        for index, raw in enumerate(docs):
            doc = document_arg({"document": raw}, ExtendedDocument)
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
        return finite_float(value, "compute must return float")

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
                raise plugin_exception(exc, name) from None
            handled.append(name)
        return {"handled": handled}
