"""``service plugin run <file>``: a plugin run locally through the same runtime process and
protocol as the engine (``python -m service_sdk.runtime``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..validator import validate_source
from .common import EXIT_FINDINGS, EXIT_OK, UsageError, _read_json, _read_text, format_findings_text
from .local_services import _local_request_handler

# The runtime client, base64, hashlib and mimetypes are imported when a plugin runs, not when
# `service validate` starts (docs/performance.md, start-up of one validation ≤ 100 ms).
if TYPE_CHECKING:
    from ..runtime.client import RuntimeClient


def _parse_configs(items: Sequence[str]) -> dict[str, Any]:
    configs: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--config expects key=value, got {item!r}")
        try:
            configs[key] = json.loads(raw)
        except json.JSONDecodeError:
            configs[key] = raw
    return configs


def _document_from_file(path: str, mime_type: str | None, labels: list[str],
                        engine: str | None = None) -> tuple[dict[str, Any], bytes]:
    """The document a plugin gets for the file at ``path``: parsed by the SDK's parsers, or by
    the engine's own CLI when ``engine`` names it (``--parser engine``)."""
    import hashlib
    import mimetypes

    from ..documents import DocumentParseError, parse_document, parse_with_engine

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read document {path}: {exc.strerror or exc}") from None
    mime = mime_type or mimetypes.guess_type(path)[0]
    try:
        parsed = (parse_with_engine(path, mime_type, engine) if engine
                  else parse_document(data, Path(path).name, mime))
    except DocumentParseError as exc:
        raise UsageError(f"cannot parse document {path}: {exc}") from None
    if not parsed.text:
        sys.stderr.write(
            f"warning: {path} has no text ({parsed.kind}); the plugin gets an empty document.text"
            + (" (a scanned PDF needs OCR on the server)" if parsed.kind == "pdf" else "")
            + "\n"
        )
    sha = hashlib.sha256(data).hexdigest()
    document = {
        "id": f"local-{sha[:12]}",
        "filename": Path(path).name,
        "mime_type": mime,
        "text": parsed.text,
        "pages": parsed.pages,
        "labels": labels,
        "metadata": {"local_path": str(path)},
        "size_bytes": len(data),
        "sha256": sha,
    }
    return document, data


def _engine(args: argparse.Namespace) -> str | None:
    return str(args.engine_command) if getattr(args, "parser", "local") == "engine" else None


def _label_children(labels: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(labels, list) or not all(
        isinstance(x, dict) and isinstance(x.get("name"), str) for x in labels
    ):
        raise UsageError(f"ontology: {where} must be a list of labels with a string name")
    return labels


def _fields_for_path(ontology: Any, path: list[str]) -> list[dict[str, Any]]:
    """Resolve the fields of the labels on ``path``: a label's fields apply to its
    descendants; a deeper label's field overrides an ancestor's field of the same name.

    Raises:
        UsageError: a label of ``path`` is not in the ontology.
    """
    level = _label_children(ontology.get("labels"), "labels")
    fields: dict[str, dict[str, Any]] = {}
    for depth, name in enumerate(path):
        match = next((label for label in level if label["name"] == name), None)
        if match is None:
            raise UsageError(
                f"label {name!r} is not in the ontology at level {depth} "
                f"(labels there: {[label['name'] for label in level]})"
            )
        for field in match.get("fields") or []:
            if isinstance(field, dict) and isinstance(field.get("name"), str):
                fields[field["name"]] = field
        level = _label_children(match.get("children") or [], f"children of {name}")
    return list(fields.values())


def run_classification(
    client: RuntimeClient, args: argparse.Namespace, out: TextIO
) -> int:
    import base64

    if not args.document:
        raise UsageError("a classification plugin needs --document")
    if not args.ontology:
        raise UsageError("a classification plugin needs --ontology (api-decisions §3 format)")
    ontology = _read_json(args.ontology, "ontology")
    if not isinstance(ontology, dict):
        raise UsageError("ontology must be an object {\"labels\": [...]}")
    level = _label_children(ontology.get("labels"), "labels")
    document, data = _document_from_file(args.document, args.mime_type, [], _engine(args))
    configs = _parse_configs(args.config)
    path: list[str] = []
    trace = []
    depth = 0
    while level:
        available = [label["name"] for label in level]
        returned = client.call(
            "plugin",
            "classify",
            {
                "document": document,
                "file_data": base64.b64encode(data).decode("ascii"),
                "mime_type": document["mime_type"],
                "available_labels": available,
                "current_path": list(path),
                "configs": configs,
            },
        )
        if returned is None:
            outcome = "suggestion"
        elif returned in available:
            path.append(returned)
            chosen = level[available.index(returned)]
            level = _label_children(chosen.get("children") or [], f"children of {returned}")
            outcome = "continue" if level else "leaf"
        else:
            outcome = "llm_suggested"
        trace.append({"level": depth, "available_labels": available, "returned": returned,
                      "outcome": outcome})
        out.write(f"level {depth}: available {available} -> {json.dumps(returned)} "
                  f"({outcome})\n")
        depth += 1
        if outcome != "continue":
            break
    out.write(f"labels: {'/'.join(path) if path else '(none)'}\n")
    if args.json:
        out.write(json.dumps({"labels": path, "classification_trace": trace}, indent=2) + "\n")
    return EXIT_OK


def run_extraction(client: RuntimeClient, args: argparse.Namespace, out: TextIO) -> int:
    import base64

    if not args.document:
        raise UsageError("an extraction plugin needs --document")
    labels = [p for p in (args.labels or "").split("/") if p]
    fields: list[dict[str, Any]] = []
    if args.ontology:
        ontology = _read_json(args.ontology, "ontology")
        if not isinstance(ontology, dict):
            raise UsageError("ontology must be an object {\"labels\": [...]}")
        fields = _fields_for_path(ontology, labels)
    else:
        sys.stderr.write("note: no --ontology given; extract() receives no fields\n")
    document, data = _document_from_file(args.document, args.mime_type, labels, _engine(args))
    out.write(f"fields: {[f['name'] for f in fields]}\n")
    result = client.call(
        "plugin",
        "extract",
        {
            "document": document,
            "file_data": base64.b64encode(data).decode("ascii"),
            "mime_type": document["mime_type"],
            "fields": fields,
            "configs": _parse_configs(args.config),
        },
    )
    out.write(json.dumps(result, indent=2) + "\n")
    return EXIT_OK


def run_source(client: RuntimeClient, args: argparse.Namespace, out: TextIO) -> int:
    import base64

    credentials = _read_json(args.credentials, "credentials") if args.credentials else {}
    state = _read_json(args.state, "state") if args.state else {}
    if not isinstance(credentials, dict) or not isinstance(state, dict):
        raise UsageError("--credentials and --state files must hold JSON objects")
    call_args = {"credentials": credentials, "state": state,
                 "configs": _parse_configs(args.config)}
    has_new = client.call("plugin", "has_new_data", call_args)
    out.write(f"has_new_data: {json.dumps(has_new)}\n")

    def on_item(message: dict[str, Any]) -> None:
        value = message.get("value") or {}
        size = len(base64.b64decode(value.get("file_data") or ""))
        out.write(f"document: {value.get('filename')} ({size} bytes) metadata="
                  f"{json.dumps(value.get('metadata'))}\n")
        out.write(f"  saved state: {json.dumps(message.get('state'))}\n")
        out.flush()

    result = client.call("plugin", "fetch", call_args, on_item=on_item)
    out.write(f"fetched {result.get('count')} document(s); final state: "
              f"{json.dumps(result.get('state'))}\n")
    if args.state and args.write_state:
        Path(args.state).write_text(json.dumps(result.get("state"), indent=2) + "\n",
                                    encoding="utf-8")
    return EXIT_OK


def run_benchmark(client: RuntimeClient, args: argparse.Namespace, out: TextIO) -> int:
    if not args.documents:
        raise UsageError("a benchmark needs --documents (a JSON list of extended documents)")
    documents = _read_json(args.documents, "documents")
    if not isinstance(documents, list):
        raise UsageError("--documents must hold a JSON list")
    scores = client.call("plugin", "score_batch", {"documents": documents})
    scored = []
    for doc, score in zip(documents, scores, strict=True):
        out.write(f"score {doc.get('id')}: {json.dumps(score)}\n")
        if score is not None:
            scored.append({"document": doc, "score": score})
    if not scored:
        out.write("no document could be scored; compute() is not called\n")
        return EXIT_OK
    value = client.call("plugin", "compute", {"results": scored})
    out.write(f"benchmark value: {value}\n")
    for item in scored:
        flagged = client.call(
            "plugin", "compare", {"document_score": item["score"], "benchmark_score": value}
        )
        out.write(f"compare {item['document'].get('id')}: {'FLAGGED' if flagged else 'ok'}\n")
    return EXIT_OK


def cmd_plugin_run(args: argparse.Namespace, out: TextIO) -> int:
    source = _read_text(args.file)
    findings = validate_source(source)
    if findings:
        sys.stderr.write(format_findings_text(args.file, findings) + "\n")
        sys.stderr.write("note: the plugin has validation findings; running it anyway\n")

    def on_log(message: dict[str, Any]) -> None:
        sys.stderr.write(f"[{message.get('level')}] {message.get('message')}\n")

    from ..runtime.client import RemoteError, RuntimeClient, RuntimeCrashed

    runtime_args: list[str] = []
    if args.cpu_seconds:
        runtime_args += ["--cpu-seconds", str(args.cpu_seconds)]
    if args.builtins_path:
        if not os.path.isdir(args.builtins_path):
            raise UsageError(f"--builtins-path {args.builtins_path} is not a directory")
        runtime_args += ["--builtins-path", os.path.abspath(args.builtins_path)]
    try:
        with RuntimeClient(runtime_args, on_log=on_log,
                           on_request=_local_request_handler) as client:
            info = client.load("plugin", source)
            plugin_type = info["plugin_type"]
            out.write(f"loaded {info['class_name']} ({plugin_type} plugin)\n")
            runner = {
                "classification": run_classification,
                "extraction": run_extraction,
                "source": run_source,
                "benchmark": run_benchmark,
            }[plugin_type]
            return runner(client, args, out)
    except RemoteError as err:
        sys.stderr.write(f"error: {err.error_type}: {err.message}\n")
        if err.traceback:
            sys.stderr.write(err.traceback)
        if "No module named 'service_builtins'" in err.message and not args.builtins_path:
            sys.stderr.write("hint: a built-in plugin imports its helper package; pass "
                             "--builtins-path <the repository's plugins/ directory>\n")
        return EXIT_FINDINGS
    except RuntimeCrashed as crash:
        sys.stderr.write(f"error: the plugin runtime stopped: {crash}\n")
        return EXIT_FINDINGS
