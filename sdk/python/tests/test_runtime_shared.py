"""Shared values: the file and text of a document sent once and referenced by later calls."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import pytest

from service_sdk.runtime.client import RemoteError, RuntimeClient
from service_sdk.runtime.errors import CallError
from service_sdk.runtime.shared import SharedCache
from service_sdk.runtime.values import file_data_arg

Factory = Callable[..., RuntimeClient]

ECHO = """
from typing import Any
from service_sdk import ClassificationPlugin, Document


class Echo(ClassificationPlugin):
    async def classify(self, document: Document, file_data: bytes | None,
                       mime_type: str | None, available_labels: list[str],
                       current_path: list[str], configs: dict[str, Any]) -> str | None:
        examples = document.metadata.get("training_examples", [])
        answer = f"{file_data!r}|{document.text}|{len(document.pages)}|{len(examples)}"
        # A careless plugin changing what it was given must not change the next call's input.
        document.pages.append("scribble")
        examples.append({"text": "scribble"})
        return answer
"""

PDF = base64.b64encode(b"%PDF-1.7 bytes").decode()


def args(level: list[str]) -> dict[str, Any]:
    return {"document": {"id": "d1", "filename": "a.pdf", "metadata": {"source": "upload"}},
            "mime_type": "application/pdf", "available_labels": level, "current_path": [],
            "configs": {}}


def first(scope: str = "d1#1") -> dict[str, Any]:
    """The first call of a document: every value travels, under its key."""
    return {
        "file_data": {"key": f"{scope}/file", "scope": scope, "value": PDF},
        "document.text": {"key": f"{scope}/text", "scope": scope, "value": "Master agreement"},
        "document.pages": {"key": f"{scope}/pages", "scope": scope,
                           "value": ["Master", "agreement"]},
        "document.metadata.training_examples": {
            "key": "examples@v7", "value": [{"text": "an NDA", "labels": ["NDA"]}]},
    }


def later(scope: str = "d1#1") -> dict[str, Any]:
    """A later call of the same document: keys only."""
    return {path: {"key": spec["key"]} for path, spec in first(scope).items()}


def test_values_sent_once_arrive_in_every_later_call(runtime: Factory) -> None:
    client = runtime()
    client.load("echo", ECHO)
    expected = "b'%PDF-1.7 bytes'|Master agreement|2|1"
    assert client.call("echo", "classify", args(["A", "B"]), shared=first()) == expected
    # Keys only: the same arguments reach the plugin, unchanged by what it did to the first.
    assert client.call("echo", "classify", args(["C", "D"]), shared=later()) == expected
    assert client.call("echo", "classify", args(["E", "F"]), shared=later()) == expected


def test_release_drops_a_document_and_a_missing_key_is_a_shared_miss(runtime: Factory) -> None:
    client = runtime()
    client.load("echo", ECHO)
    client.call("echo", "classify", args(["A", "B"]), shared=first())
    client.call("echo", "classify", args(["A", "B"]), shared=first("d2#1"))
    assert client.release("d1#1") == 3
    assert client.release("d1#1") == 0
    with pytest.raises(RemoteError) as miss:
        client.call("echo", "classify", args(["A", "B"]), shared=later())
    assert miss.value.error_type == "SharedMiss"
    assert "d1#1/file" in miss.value.message
    # The other document and the unscoped training examples stay.
    assert client.call("echo", "classify", args(["A", "B"]), shared=later("d2#1")).endswith("|1")
    # Sending the values again (what the engine does on a miss) serves the call.
    assert client.call("echo", "classify", args(["A", "B"]), shared=first()).startswith("b'")


def test_shared_miss_lists_the_missing_keys_in_the_error_message(runtime: Factory) -> None:
    client = runtime()
    client.load("echo", ECHO)
    client.send({"type": "call", "id": "c1", "plugin_id": "echo", "method": "classify",
                 "args": args(["A", "B"]), "shared": {"file_data": {"key": "gone"}}})
    answer = client._read()
    assert answer == {"type": "error", "id": "c1", "error_type": "SharedMiss",
                      "missing": ["gone"], "message": answer["message"],
                      "usage": answer["usage"]}


@pytest.mark.parametrize(
    "shared",
    [
        [],
        {"file_data": "key"},
        {"file_data": {"key": ""}},
        {"file_data": {"key": "k", "scope": 3}},
        {"": {"key": "k"}},
        {"document.id.x": {"key": "k", "value": 1}},
        {"document.text": {"key": "k", "value": ["a"], "join": 2}},
        {"document.text": {"key": "k", "value": [1, 2], "join": "\n\n"}},
    ],
)
def test_malformed_shared_is_an_invalid_message(runtime: Factory, shared: Any) -> None:
    client = runtime()
    client.load("echo", ECHO)
    with pytest.raises(RemoteError) as err:
        client.request({"type": "call", "plugin_id": "echo", "method": "classify",
                        "args": args(["A", "B"]), "shared": shared})
    assert err.value.error_type == "InvalidMessage"


def test_cache_is_bounded_least_recently_used_first() -> None:
    cache = SharedCache(max_bytes=3000)
    cache.put("a", "x" * 900)
    cache.put("b", "y" * 900)
    cache.get("a")  # a is now the most recently used
    cache.put("c", "z" * 900)
    cache.put("d", "w" * 900)
    assert "b" not in cache
    assert "a" in cache
    assert "c" in cache
    assert "d" in cache
    assert cache.bytes <= 3000
    cache.put("huge", "h" * 10_000)  # larger than the bound: used once, never kept
    assert "huge" not in cache
    assert len(cache) == 3


def test_resolve_places_copies_and_reports_every_missing_key() -> None:
    cache = SharedCache()
    call: dict[str, Any] = {"document": {"id": "d"}}
    cache.resolve(call, {"document.pages": {"key": "p", "value": ["one"]}})
    call["document"]["pages"].append("two")
    again: dict[str, Any] = {}
    cache.resolve(again, {"document.pages": {"key": "p"}})
    assert again == {"document": {"pages": ["one"]}}
    with pytest.raises(CallError) as miss:
        cache.resolve({}, {"a": {"key": "x"}, "b": {"key": "p"}, "c": {"key": "y"}})
    assert miss.value.error_type == "SharedMiss"
    assert miss.value.extra == {"missing": ["x", "y"]}


def test_text_joined_from_the_pages_travels_once(runtime: Factory) -> None:
    """The engine's text is its pages joined: it names the pages' key with ``join``."""
    client = runtime()
    client.load("echo", ECHO)
    pages = {"key": "d1#1/pages", "scope": "d1#1", "value": ["Master", "agreement"]}
    text = {"key": "d1#1/pages", "join": "\n\n"}
    # The first call carries the pages once; the text entry names the same key (any order).
    shared = {"document.text": text, "document.pages": pages}
    expected = "None|Master\n\nagreement|2|0"
    assert client.call("echo", "classify", args(["A", "B"]), shared=shared) == expected
    keys = {"document.pages": {"key": "d1#1/pages"}, "document.text": text}
    assert client.call("echo", "classify", args(["C", "D"]), shared=keys) == expected
    assert client.release("d1#1") == 1


def test_a_value_too_large_to_keep_serves_every_entry_of_its_call() -> None:
    cache = SharedCache(max_bytes=100)
    call: dict[str, Any] = {}
    pages = ["x" * 200, "y"]
    cache.resolve(call, {"document.text": {"key": "p", "join": "|"},
                         "document.pages": {"key": "p", "value": pages}})
    assert call == {"document": {"text": "x" * 200 + "|y", "pages": pages}}
    assert "p" not in cache


def test_nested_containers_are_copied_for_each_call() -> None:
    cache = SharedCache()
    stats = {"documents": 2, "df": {"lease": 1}, "top": [["a", 1]]}
    first: dict[str, Any] = {}
    cache.resolve(first, {"s": {"key": "k", "value": stats}})
    first["s"]["df"]["lease"] = 99
    first["s"]["top"][0].append("x")
    again: dict[str, Any] = {}
    cache.resolve(again, {"s": {"key": "k"}})
    assert again["s"] == {"documents": 2, "df": {"lease": 1}, "top": [["a", 1]]}


def test_file_data_is_decoded_once_per_shared_string() -> None:
    encoded = base64.b64encode(b"%PDF-1.7 one").decode()
    first = file_data_arg({"file_data": encoded})
    assert first == b"%PDF-1.7 one"
    # The same string object (a shared value's later call): the same bytes, not a new decode.
    assert file_data_arg({"file_data": encoded}) is first
    other = base64.b64encode(b"%PDF-1.7 two").decode()
    assert file_data_arg({"file_data": other}) == b"%PDF-1.7 two"
    assert file_data_arg({"file_data": None}) is None
    with pytest.raises(CallError) as bad:
        file_data_arg({"file_data": "not base64!"})
    assert bad.value.error_type == "InvalidArguments"


def test_loaded_modules_are_frozen_and_an_unloaded_plugin_is_freed() -> None:
    """After a load the collector's full collections skip what is alive (gc.freeze); an
    unload or a reload unfreezes and collects, so the plugin's module and class are freed."""
    import asyncio
    import gc
    import json
    import weakref

    from service_sdk.runtime.core import Runtime

    answers: list[dict[str, Any]] = []
    runtime = Runtime(lambda data: answers.append(json.loads(data)))
    gc.unfreeze()
    try:
        asyncio.run(runtime.handle_line(json.dumps(
            {"type": "load", "id": 1, "plugin_id": "p", "source": ECHO}).encode()))
        assert answers[-1]["type"] == "result"
        assert gc.get_freeze_count() > 0
        plugin_class = weakref.ref(type(runtime.plugins["p"].instance))
        asyncio.run(runtime.handle_line(json.dumps(
            {"type": "unload", "id": 2, "plugin_id": "p"}).encode()))
        assert answers[-1] == {"type": "result", "id": 2, "value": True}
        assert plugin_class() is None
        assert gc.get_freeze_count() > 0
        for load_id in (3, 4):  # a reload frees the version it replaces
            if load_id == 4:
                plugin_class = weakref.ref(type(runtime.plugins["p"].instance))
            asyncio.run(runtime.handle_line(json.dumps(
                {"type": "load", "id": load_id, "plugin_id": "p", "source": ECHO}).encode()))
        assert plugin_class() is None
        assert runtime.plugins["p"].instance is not None
    finally:
        gc.unfreeze()
