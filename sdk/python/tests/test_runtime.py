"""The runtime protocol, driven as a real subprocess."""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service_sdk.runtime.client import RemoteError, RuntimeClient, RuntimeCrashed

from .conftest import corpus_source

Factory = Callable[..., RuntimeClient]
DOC = {"id": "d1", "filename": "contract.txt", "mime_type": "text/plain",
       "text": "This supply agreement between the parties has a term of 2 years."}

CLASSIFY_HEADER = """
from typing import Any
from service_sdk import ClassificationPlugin, Document, prompt_llm, get_prompt, logger


class P(ClassificationPlugin):
    async def classify(self, document: Document, file_data: bytes | None,
                       mime_type: str | None, available_labels: list[str],
                       current_path: list[str], configs: dict[str, Any]) -> str | None:
"""


def classifier(body: str) -> str:
    return CLASSIFY_HEADER + "".join(f"        {line}\n" for line in body.splitlines())


def test_ready_message_and_load_description(runtime: Factory) -> None:
    client = runtime()
    assert client.ready["type"] == "ready"
    assert client.ready["protocol"] == 1
    info = client.load("kw", corpus_source("doc_classification_keywords"))
    assert info["plugin_type"] == "classification"
    assert info["class_name"] == "KeywordClassifier"
    assert info["configurable_parameters"][0]["parameter_name"] == "min_hits"


def test_classify_with_logs(runtime: Factory) -> None:
    logs: list[dict[str, Any]] = []
    client = runtime(on_log=logs.append)
    client.load("kw", corpus_source("doc_classification_keywords"))
    args: dict[str, Any] = {"document": DOC, "file_data": None, "mime_type": "text/plain",
            "available_labels": ["Contracts", "Invoices"], "current_path": [], "configs": {}}
    assert client.call("kw", "classify", args) == "Contracts"
    assert logs
    assert logs[0]["level"] == "info"
    assert logs[0]["id"].startswith("h")
    args["available_labels"] = ["Supply Agreement", "NDA"]
    args["current_path"] = ["Contracts"]
    assert client.call("kw", "classify", args) == "Supply Agreement"
    args["configs"] = {"min_hits": 99}
    assert client.call("kw", "classify", args) is None


def test_prompt_llm_request_answered_by_host(runtime: Factory) -> None:
    requests: list[dict[str, Any]] = []

    def answer(message: dict[str, Any]) -> dict[str, Any]:
        requests.append(message)
        if message["service"] == "get_prompt":
            return {"result": "Pick from {labels} for {path}: {text}"}
        return {"result": {"label": "Invoices"}}

    client = runtime(on_request=answer)
    client.load("llm", corpus_source("classification_llm"))
    args: dict[str, Any] = {
        "document": DOC, "file_data": base64.b64encode(b"%PDF").decode(),
        "mime_type": "application/pdf", "available_labels": ["Invoices"], "current_path": [],
    }
    value = client.call("llm", "classify", args)
    assert value == "Invoices"
    assert [r["service"] for r in requests] == ["get_prompt", "prompt_llm"]
    assert requests[1]["args"]["file_data"] == base64.b64encode(b"%PDF").decode()
    assert requests[1]["call_id"] == requests[0]["call_id"]


def test_service_error_reply_becomes_plugin_exception(runtime: Factory) -> None:
    client = runtime()  # default on_request answers ServiceUnavailable
    client.load("p", classifier('return str(await prompt_llm("x"))'))
    with pytest.raises(RemoteError) as info:
        client.call("p", "classify", {"document": DOC})
    assert info.value.error_type == "PluginException"
    assert "ServiceUnavailable" in info.value.message


def test_extract_result_and_wrong_return(runtime: Factory) -> None:
    client = runtime(on_request=lambda m: {"result": {"vendor": "ACME"}})
    client.load("ex", corpus_source("doc_extraction_llm"))
    fields = [{"name": "vendor", "dtype": "string", "description": "Supplier"},
              {"name": "start_date", "dtype": "date", "description": ""}]
    doc = {**DOC, "text": "Signed 2026-03-01 by ACME"}
    value = client.call("ex", "extract", {"document": doc, "fields": fields, "configs": {}})
    assert value == {"data": {"vendor": "ACME", "start_date": "2026-03-01"},
                     "llm_fields": ["vendor"], "document_type": "contract"}

    client.load("bad", (corpus_source("doc_extraction_llm")
                        .replace("return ExtractionResult(data=data, llm_fields=llm_fields, "
                                 'document_type="contract")', "return data")))
    with pytest.raises(RemoteError) as info:
        client.call("bad", "extract", {"document": doc, "fields": fields})
    assert info.value.error_type == "WrongReturnType"
    assert info.value.message == ("extract must return ExtractionResult, got dict — wrap it: "
                                  "ExtractionResult(data=...)")


def test_classify_wrong_return_type_and_missing_await(runtime: Factory) -> None:
    client = runtime()
    client.load("list", classifier("return available_labels"))
    with pytest.raises(RemoteError) as info:
        client.call("list", "classify", {"document": DOC, "available_labels": ["A"]})
    assert info.value.error_type == "WrongReturnType"
    assert info.value.message.startswith("classify must return str or None, got list")
    client.load("noawait", classifier('return get_prompt("x")'))
    with pytest.raises(RemoteError) as info:
        client.call("noawait", "classify", {"document": DOC})
    assert info.value.error_type == "MissingAwait"


def test_plugin_exception_is_an_error_not_a_crash(runtime: Factory) -> None:
    client = runtime()
    client.load("boom", classifier('raise ValueError("boom")'))
    with pytest.raises(RemoteError) as info:
        client.call("boom", "classify", {"document": DOC})
    assert info.value.error_type == "PluginException"
    assert "ValueError: boom" in info.value.message
    assert info.value.traceback
    assert "<plugin:boom>" in info.value.traceback
    client.load("exit", classifier("import sys\nsys.exit(3)"))
    with pytest.raises(RemoteError, match="SystemExit"):
        client.call("exit", "classify", {"document": DOC})
    assert client.request({"type": "ping"}) == "pong"


def test_print_goes_to_stderr_not_protocol(runtime: Factory) -> None:
    client = runtime()
    client.load("p", classifier('print("noise"); import os; os.write(1, b"raw\\n")\nreturn None'))
    assert client.call("p", "classify", {"document": DOC}) is None
    assert client.request({"type": "ping"}) == "pong"


def test_fetch_streams_items_with_state(runtime: Factory) -> None:
    client = runtime()
    info = client.load("src", corpus_source("source_memory"))
    assert info["attributes"] == {"source_type": "memory", "credential_fields": ["token"],
                                  "source_state_model": "MemoryState"}
    args = {"credentials": {"token": "t0k3n"}, "state": {"cursor": 1, "seen": ["a.txt"]},
            "configs": {}}
    assert client.call("src", "has_new_data", args) is True
    items: list[dict[str, Any]] = []
    result = client.call("src", "fetch", args, on_item=items.append)
    assert [i["value"]["filename"] for i in items] == ["b.txt", "c.txt"]
    assert base64.b64decode(items[0]["value"]["file_data"]) == b"content of b.txt"
    assert items[0]["value"]["metadata"] == {"index": 1, "authenticated": True}
    assert items[0]["state"] == {"cursor": 2, "seen": ["a.txt", "b.txt"]}
    assert items[1]["state"] == {"cursor": 3, "seen": ["a.txt", "b.txt", "c.txt"]}
    assert result == {"count": 2, "state": items[1]["state"]}
    assert client.call("src", "has_new_data", {**args, "state": result["state"]}) is False


def test_benchmark_score_compute_compare(runtime: Factory) -> None:
    client = runtime()
    info = client.load("b", corpus_source("doc_benchmark_unit_price"))
    assert info["attributes"]["match_rules"][0]["name"] == "contract"
    doc = {"id": "i1", "filename": "i.pdf", "fields": {"unit_price": 12.0},
           "aggregations": {"contract": [{"id": "c", "filename": "c.pdf",
                                          "fields": {"unit_price": 10}}]}}
    assert client.call("b", "score", {"document": doc}) == 10.0
    batch = client.call("b", "score_batch", {"documents": [
        doc, {"id": "i2", "filename": "x", "fields": {"price": 20}},
        {"id": "i3", "filename": "y"}]})
    assert batch == [10.0, 20.0, None]
    results = [{"document": doc, "score": 10.0}, {"document": doc, "score": 20.0},
               {"document": doc, "score": 30.0}]
    assert client.call("b", "compute", {"results": results}) == 20.0
    assert client.call("b", "compare", {"document_score": 30, "benchmark_score": 20}) is True
    assert client.call("b", "compare", {"document_score": 20.5, "benchmark_score": 20,
                                        "configs": {"tolerance": 0.01}}) is True
    assert client.call("b", "compare", {"document_score": 20.5, "benchmark_score": 20}) is False
    with pytest.raises(RemoteError, match="non-empty"):
        client.call("b", "compute", {"results": []})


def test_event_handler(runtime: Factory) -> None:
    logs: list[dict[str, Any]] = []
    client = runtime(on_log=logs.append)
    info = client.load("e", corpus_source("classification_event_handler"))
    assert info["event_handlers"] == {"on_renewal": ["contract.renewal_upcoming"]}
    event = {"type": "contract.renewal_upcoming", "id": "ev1", "data": {"contract_id": "c9"}}
    assert client.call("e", "handle_event", {"event": event}) == {"handled": ["on_renewal"]}
    assert logs[-1]["message"] == "renewal upcoming for c9"
    other = {"type": "document.received", "id": "ev2", "data": {}}
    assert client.call("e", "handle_event", {"event": other}) == {"handled": []}


def test_load_errors(runtime: Factory) -> None:
    client = runtime()
    for source, error_type in [
        ("def f(:\n", "SyntaxError"),
        ("import no_such_module_xyz\n", "PluginException"),
        ("from service_sdk import logger\n", "InvalidBaseClass"),
        ("from service_sdk import ClassificationPlugin\nclass A(ClassificationPlugin): pass\n",
         "MissingMethod"),
    ]:
        with pytest.raises(RemoteError) as info:
            client.load("x", source)
        assert info.value.error_type == error_type
    with pytest.raises(RemoteError) as info:
        client.call("nope", "classify", {})
    assert info.value.error_type == "UnknownPlugin"


def test_malformed_messages_get_errors_and_runtime_survives(runtime: Factory) -> None:
    client = runtime()
    assert client.process.stdin is not None
    assert client.process.stdout is not None
    raw_lines = [b"not json\n", b"[1, 2]\n", b'{"type": "bogus", "id": 7}\n',
                 b'{"type": "load", "id": 8}\n', b"\xff\xfe\n", b'{"type": "call"}\n']
    for line in raw_lines:
        client.process.stdin.write(line)
    client.process.stdin.flush()
    answers = [json.loads(client.process.stdout.readline()) for _ in raw_lines]
    assert [a["type"] for a in answers] == ["error"] * len(raw_lines)
    assert [a["id"] for a in answers] == [None, None, 7, 8, None, None]
    assert [a["error_type"] for a in answers] == [
        "ProtocolError", "ProtocolError", "UnknownMessageType", "InvalidMessage",
        "ProtocolError", "InvalidMessage"]
    assert client.request({"type": "ping"}) == "pong"
    assert client.validate("x = 1\n")[0]["error_type"] == "InvalidBaseClass"


def test_concurrent_calls_with_interleaved_requests(runtime: Factory) -> None:
    client = runtime()
    client.load("p", classifier('return str(await prompt_llm(document.id))'))
    assert client.process.stdin is not None
    assert client.process.stdout is not None
    for call_id in ("c1", "c2"):
        client.send({"type": "call", "id": call_id, "plugin_id": "p", "method": "classify",
                     "args": {"document": {**DOC, "id": call_id}}})
    requests = [json.loads(client.process.stdout.readline()) for _ in range(2)]
    assert {r["call_id"] for r in requests} == {"c1", "c2"}
    for r in reversed(requests):  # answer in reverse order
        client.send({"type": "reply", "id": r["id"], "result": {"for": r["args"]["prompt"]}})
    results = [json.loads(client.process.stdout.readline()) for _ in range(2)]
    assert {(r["id"], r["value"]) for r in results} == {
        ("c1", "{'for': 'c1'}"), ("c2", "{'for': 'c2'}")}


def test_cancel_and_timeout(runtime: Factory) -> None:
    client = runtime()
    client.load("p", classifier('import asyncio\nawait asyncio.sleep(30)\nreturn None'))
    client.send({"type": "call", "id": "slow", "plugin_id": "p", "method": "classify",
                 "args": {"document": DOC}})
    assert client.request({"type": "cancel", "call_id": "slow"}) is True
    assert client.process.stdout is not None
    cancelled = json.loads(client.process.stdout.readline())
    assert (cancelled["id"], cancelled["error_type"]) == ("slow", "Cancelled")
    with pytest.raises(RemoteError) as info:
        client.request({"type": "call", "plugin_id": "p", "method": "classify",
                        "args": {"document": DOC}, "timeout_seconds": 0.2})
    assert info.value.error_type == "Timeout"


def test_cpu_limit_kills_runaway_plugin(runtime: Factory) -> None:
    client = runtime("--cpu-seconds", "1")
    assert client.ready["limits"]["cpu_seconds"] == 1
    client.load("spin", corpus_source("benchmark_slow_for_tests"))
    start = time.monotonic()
    with pytest.raises(RuntimeCrashed) as info:
        client.call("spin", "score", {"document": {"id": "x", "filename": "x",
                                                   "fields": {"spin": True}}})
    assert time.monotonic() - start < 10
    assert info.value.fatal is not None
    assert info.value.fatal["error_type"] == "CpuTimeExceeded"
    assert info.value.returncode == 3


def test_memory_and_file_limits_are_applied() -> None:
    client = RuntimeClient(["--memory-mb", "512", "--max-open-files", "64"],
                           stderr=subprocess.DEVNULL)
    try:
        assert client.ready["limits"]["memory_mb"] == 512
        client.load("m", classifier("x = bytearray(1024 * 1024 * 1024)\nreturn None"))
        with pytest.raises(RemoteError, match="MemoryError"):
            client.call("m", "classify", {"document": DOC})
        assert client.request({"type": "ping"}) == "pong"
    finally:
        client.close()


def test_shutdown_and_eof_exit_cleanly() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "service_sdk.runtime"],
        input=b'{"type": "shutdown", "id": 1}\n', capture_output=True, timeout=30, check=False,
    )
    lines = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    assert [m["type"] for m in lines] == ["ready", "result"]
    assert proc.returncode == 0
    proc = subprocess.run([sys.executable, "-m", "service_sdk.runtime"], input=b"",
                          capture_output=True, timeout=30, check=False)
    assert proc.returncode == 0
    assert b"Fatal Python error" not in proc.stderr


def test_file_size_limit_fails_a_large_write(tmp_path: Path) -> None:
    client = RuntimeClient(["--max-file-mb", "1"], stderr=subprocess.DEVNULL)
    target = tmp_path / "big.bin"
    try:
        assert client.ready["limits"]["max_file_mb"] == 1
        client.load("w", classifier(
            f"open({str(target)!r}, 'wb').write(b'x' * 2 * 1024 * 1024)\nreturn None"))
        with pytest.raises(RemoteError, match="File too large"):
            client.call("w", "classify", {"document": DOC})
        assert client.request({"type": "ping"}) == "pong"
    finally:
        client.close()


def test_reap_descendants_does_nothing_outside_the_sandbox() -> None:
    # Outside bubblewrap's PID namespace the runtime is not pid 2: a child it started survives.
    client = RuntimeClient(["--reap-descendants"], stderr=subprocess.DEVNULL)
    try:
        client.load("c", classifier(
            "import subprocess\np = subprocess.Popen(['sleep', '30'])\nreturn str(p.pid)"))
        pid = int(client.call("c", "classify", {"document": DOC}))
        os.kill(pid, 0)  # still alive after the call
        os.kill(pid, signal.SIGKILL)
    finally:
        client.close()


def test_builtins_path_makes_a_helper_package_importable_after_everything_else(
    runtime: Factory, tmp_path: Path
) -> None:
    # Built-in plugins are single files that import helpers from a package beside them.
    helpers = tmp_path / "helpers_pkg"
    helpers.mkdir()
    (helpers / "__init__.py").write_text("def shout(s: str) -> str:\n    return s.upper()\n")
    (tmp_path / "json.py").write_text("raise ImportError('shadowed the standard library')\n")
    client = runtime("--builtins-path", str(tmp_path))
    client.load("b", classifier(
        "import json, sys\nimport helpers_pkg\n"
        "return json.dumps([helpers_pkg.shout('ok'), sys.path[-1]])"))
    assert json.loads(client.call("b", "classify", {"document": DOC})) == ["OK", str(tmp_path)]


def test_without_builtins_path_the_helper_package_is_not_importable(runtime: Factory) -> None:
    client = runtime()
    client.load("b", classifier("import service_builtins\nreturn 'imported'"))
    with pytest.raises(RemoteError, match="No module named 'service_builtins'"):
        client.call("b", "classify", {"document": DOC})


def test_call_answers_report_the_process_usage() -> None:
    """A call's ``result`` and ``error`` carry ``usage``: the host recycles a process that used
    much of its CPU or memory limit."""
    source = classifier(
        'import time\nend = time.process_time() + 0.2\nwhile time.process_time() < end:\n'
        '    pass\nif document.text == "raise":\n    raise ValueError("no")\nreturn "A"'
    )
    messages = [
        {"type": "load", "id": "l", "plugin_id": "p", "source": source},
        {"type": "call", "id": "c1", "plugin_id": "p", "method": "classify",
         "args": {"document": DOC}},
        {"type": "call", "id": "c2", "plugin_id": "p", "method": "classify",
         "args": {"document": {**DOC, "text": "raise"}}},
        {"type": "shutdown", "id": "s"},
    ]
    # One message at a time (the calls run concurrently otherwise), then the shutdown.
    proc = subprocess.Popen([sys.executable, "-m", "service_sdk.runtime"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None
    assert proc.stdout is not None
    answers: dict[str, dict[str, Any]] = {}
    assert json.loads(proc.stdout.readline())["type"] == "ready"
    for message in messages:
        proc.stdin.write(json.dumps(message).encode() + b"\n")
        proc.stdin.flush()
        while message["id"] not in answers:
            answer = json.loads(proc.stdout.readline())
            answers[answer["id"]] = answer
    proc.wait(timeout=30)
    first, second = answers["c1"], answers["c2"]
    assert first["type"] == "result"
    assert first["value"] == "A"
    assert second["type"] == "error"
    assert second["error_type"] == "PluginException"
    assert "usage" not in answers["l"]
    assert first["usage"]["cpu_seconds"] >= 0.2
    assert second["usage"]["cpu_seconds"] >= first["usage"]["cpu_seconds"] + 0.2
    assert 10 < first["usage"]["max_rss_mb"] <= second["usage"]["max_rss_mb"]
