"""The ``service`` command (spec 4.11 "Local validation", api-decisions preamble).

Subcommands:

* ``service validate <file>... [--format text|json] [--docs-base BASE]``
* ``service plugin run <file> ...`` — run a plugin locally through the same runtime
  process and protocol as the engine (``python -m service_sdk.runtime``)
* ``service plugin push <file> --url URL --api-key KEY [--name NAME]``

Exit status: 0 success / no findings, 1 findings or a failed run or rejected push,
2 usage error (bad arguments, missing file).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import mimetypes
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from .validator import Finding, validate_source

# `service validate` imports only the validator: the runtime client and urllib are imported by
# the subcommands that use them (docs/performance.md, start-up of one validation ≤ 100 ms).
if TYPE_CHECKING:
    from .runtime.client import RuntimeClient

__all__ = ["main"]

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

class UsageError(Exception):
    """Bad command-line input; reported with exit status 2."""


def _read_text(path: str) -> str:
    try:
        return Path(path).read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None


def _read_json(path: str, what: str) -> Any:
    try:
        return json.loads(_read_text(path))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} {path} is not valid JSON: {exc}") from None


# --------------------------------------------------------------------------------------
# validate


def format_findings_text(file: str, findings: Sequence[Finding | dict[str, Any]]) -> str:
    """Render findings as ``file:line: ErrorType: message`` plus an indented ``fix:`` line
    (multi-line fixes are indented further); whole-file findings show line ``-``."""
    lines = []
    for f in findings:
        d = f.to_dict() if isinstance(f, Finding) else f
        line = d.get("line")
        lines.append(f"{file}:{line if line is not None else '-'}: {d.get('error_type')}: "
                     f"{d.get('message')}")
        fix = str(d.get("fix_suggestion") or "").replace("\n", "\n         ")
        if fix:
            lines.append(f"    fix: {fix}")
    return "\n".join(lines)


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    results = []
    for file in args.files:
        if not os.path.isfile(file):
            raise UsageError(f"no such file: {file}")
    for file in args.files:
        findings = validate_source(_read_text(file), docs_base=args.docs_base)
        results.append((file, findings))
    if args.format == "json":
        payload = [{"file": f, "errors": [x.to_dict() for x in fs]} for f, fs in results]
        out.write(json.dumps(payload, indent=2) + "\n")
    else:
        for file, findings in results:
            if findings:
                out.write(format_findings_text(file, findings) + "\n")
        total = sum(len(fs) for _, fs in results)
        files = sum(1 for _, fs in results if fs)
        if total:
            out.write(f"{total} problem(s) in {files} of {len(results)} file(s)\n")
        else:
            out.write(f"{len(results)} file(s) valid\n")
    return EXIT_FINDINGS if any(fs for _, fs in results) else EXIT_OK


# --------------------------------------------------------------------------------------
# plugin run


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


def _local_request_handler(message: dict[str, Any]) -> dict[str, Any]:
    """Answer the runtime's service requests in the local harness.

    ``prompt_llm`` answers with the JSON in the file named by ``SERVICE_LLM_RESPONSE_FILE``
    (a canned answer for offline runs); otherwise it is an error, since the local harness
    has no LLM provider. ``get_prompt`` reads ``$SERVICE_PROMPTS_DIR/<prompt_id>.txt``.
    ``report_classification`` is printed to standard error.
    """
    service = message.get("service")
    args = message.get("args") or {}
    if service == "prompt_llm":
        canned = os.environ.get("SERVICE_LLM_RESPONSE_FILE")
        if canned:
            try:
                return {"result": json.loads(Path(canned).read_text(encoding="utf-8"))}
            except (OSError, json.JSONDecodeError) as exc:
                return _service_error("ServiceUnavailable", f"SERVICE_LLM_RESPONSE_FILE: {exc}")
        return _service_error(
            "ServiceUnavailable",
            "prompt_llm has no LLM provider in the local harness (`service plugin run`); set "
            "SERVICE_LLM_RESPONSE_FILE to a JSON file with a canned answer, or run the plugin "
            "on a server",
        )
    if service == "get_prompt":
        directory = os.environ.get("SERVICE_PROMPTS_DIR")
        prompt_id = str(args.get("prompt_id", ""))
        if directory and prompt_id and "/" not in prompt_id and "\\" not in prompt_id:
            path = Path(directory) / f"{prompt_id}.txt"
            if path.is_file():
                return {"result": path.read_text(encoding="utf-8")}
        return _service_error(
            "ServiceUnavailable",
            f"get_prompt({prompt_id!r}): set SERVICE_PROMPTS_DIR to a directory holding "
            f"{prompt_id}.txt to run it locally",
        )
    if service == "http_request":
        return _local_http_request(args)
    if service == "report_classification":
        # The engine stores it in the classification trace; the harness shows it.
        print(f"report_classification: {json.dumps(args)}", file=sys.stderr)
        return {"result": None}
    return _service_error("UnknownService", f"unknown service {service!r}")


def _local_http_request(args: dict[str, Any]) -> dict[str, Any]:
    """``http_request`` in the local harness: made directly from this machine (on a server
    the engine makes it under its egress allowlist and SSRF guard, docs/security.md)."""
    import urllib.error
    import urllib.request

    class _NoRedirect(urllib.request.HTTPRedirectHandler):
        """The engine's egress does not follow redirects; neither does the local harness."""

        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    body = args.get("body")
    request = urllib.request.Request(
        str(args.get("url", "")),
        data=base64.b64decode(body) if isinstance(body, str) else None,
        headers={str(k): str(v) for k, v in (args.get("headers") or {}).items()},
        method=str(args.get("method", "GET")),
    )
    timeout = args.get("timeout_seconds") or 30
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=float(timeout)) as response:
            status, headers, data = response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        status, headers, data = exc.code, exc.headers, exc.read()
    except (urllib.error.URLError, OSError, ValueError) as exc:
        return _service_error("EgressFailed", str(exc))
    return {"result": {"status": status,
                       "headers": {k.lower(): v for k, v in headers.items()},
                       "body": base64.b64encode(data).decode("ascii")}}


def _service_error(error_type: str, message: str) -> dict[str, Any]:
    return {"error": {"error_type": error_type, "message": message}}


def _document_from_file(path: str, mime_type: str | None, labels: list[str]) -> tuple[
    dict[str, Any], bytes
]:
    from .documents import DocumentParseError, parse_document

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read document {path}: {exc.strerror or exc}") from None
    mime = mime_type or mimetypes.guess_type(path)[0]
    try:
        parsed = parse_document(data, Path(path).name, mime)
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
    if not args.document:
        raise UsageError("a classification plugin needs --document")
    if not args.ontology:
        raise UsageError("a classification plugin needs --ontology (api-decisions §3 format)")
    ontology = _read_json(args.ontology, "ontology")
    if not isinstance(ontology, dict):
        raise UsageError("ontology must be an object {\"labels\": [...]}")
    level = _label_children(ontology.get("labels"), "labels")
    document, data = _document_from_file(args.document, args.mime_type, [])
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
    document, data = _document_from_file(args.document, args.mime_type, labels)
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

    from .runtime.client import RemoteError, RuntimeClient, RuntimeCrashed

    runtime_args: list[str] = []
    if args.cpu_seconds:
        runtime_args += ["--cpu-seconds", str(args.cpu_seconds)]
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
        return EXIT_FINDINGS
    except RuntimeCrashed as crash:
        sys.stderr.write(f"error: the plugin runtime stopped: {crash}\n")
        return EXIT_FINDINGS


# --------------------------------------------------------------------------------------
# plugin push


def cmd_plugin_push(args: argparse.Namespace, out: TextIO) -> int:
    import urllib.error
    import urllib.request

    source = _read_text(args.file)
    name = args.name or Path(args.file).stem
    body = json.dumps({"name": name, "code": source}).encode("utf-8")
    url = args.url.rstrip("/") + "/api/v1/plugins"
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Authorization": f"Bearer {args.api_key}",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=args.timeout) as response:
            status = response.status
            payload = _json_or_text(response.read())
    except urllib.error.HTTPError as exc:
        status = exc.code
        payload = _json_or_text(exc.read())
    except (urllib.error.URLError, OSError) as exc:
        sys.stderr.write(f"error: cannot reach {url}: {getattr(exc, 'reason', exc)}\n")
        return EXIT_FINDINGS
    if status in (200, 201) and isinstance(payload, dict):
        out.write(f"registered plugin {payload.get('name', name)}: id={payload.get('id')} "
                  f"type={payload.get('type')} version={payload.get('version')}\n")
        return EXIT_OK
    error = payload.get("error") if isinstance(payload, dict) else None
    if status == 400 and isinstance(error, dict) and error.get("code") == "INVALID_PLUGIN_CODE":
        out.write(f"rejected: {error.get('message', 'plugin code failed validation')}\n")
        errors = [e for e in error.get("errors") or [] if isinstance(e, dict)]
        if errors:
            out.write(format_findings_text(args.file, errors) + "\n")
        return EXIT_FINDINGS
    detail = json.dumps(payload) if not isinstance(payload, str) else payload
    sys.stderr.write(f"error: HTTP {status}: {detail[:2000]}\n")
    return EXIT_FINDINGS


def _json_or_text(raw: bytes) -> Any:
    text = raw.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


# --------------------------------------------------------------------------------------
# parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """Build the ``service`` argument parser."""
    parser = _Parser(prog="service", description="Document Intelligence Service plugin tools")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    validate = sub.add_parser("validate", help="check plugin files against the contract")
    validate.add_argument("files", nargs="+", metavar="file")
    validate.add_argument("--format", choices=("text", "json"), default="text")
    validate.add_argument("--docs-base", default=None,
                          help="prefix of documentation links (default docs/plugins.md#)")
    validate.set_defaults(handler=cmd_validate)

    plugin = sub.add_parser("plugin", help="run or push a plugin")
    psub = plugin.add_subparsers(dest="plugin_command", required=True, parser_class=_Parser)

    run = psub.add_parser("run", help="run a plugin locally through the plugin runtime")
    run.add_argument("file")
    run.add_argument("--document", help="document file (classification, extraction)")
    run.add_argument("--ontology", help="ontology JSON {\"labels\": [...]}")
    run.add_argument("--labels", help="label path for extraction, e.g. Contracts/Supply")
    run.add_argument("--mime-type", dest="mime_type", help="override the guessed MIME type")
    run.add_argument("--config", action="append", default=[], metavar="KEY=VALUE",
                     help="configs entry; VALUE is parsed as JSON when possible")
    run.add_argument("--credentials", help="credentials JSON object (source)")
    run.add_argument("--state", help="state JSON object (source)")
    run.add_argument("--write-state", action="store_true",
                     help="write the final state back to the --state file")
    run.add_argument("--documents", help="JSON list of extended documents (benchmark)")
    run.add_argument("--cpu-seconds", type=int, default=None, help="CPU limit of the runtime")
    run.add_argument("--json", action="store_true", help="also print the trace as JSON")
    run.set_defaults(handler=cmd_plugin_run)

    push = psub.add_parser("push", help="register a plugin on a server")
    push.add_argument("file")
    push.add_argument("--url", required=True, help="server base URL, e.g. http://localhost:8080")
    push.add_argument("--api-key", required=True, dest="api_key")
    push.add_argument("--name", help="plugin name (default: file name without .py)")
    push.add_argument("--timeout", type=float, default=30.0)
    push.set_defaults(handler=cmd_plugin_push)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``service`` command; return its exit status."""
    stream = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "file", None) and not os.path.isfile(args.file):
            raise UsageError(f"no such file: {args.file}")
        status: int = args.handler(args, stream)
    except UsageError as err:
        sys.stderr.write(f"service: error: {err}\n")
        return EXIT_USAGE
    stream.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
