"""The ``service`` command."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest

from service_sdk.cli import main

from .conftest import INVALID, VALID

ONTOLOGY: dict[str, Any] = {
    "labels": [
        {"name": "Contracts", "description": "", "keywords": [],
         "fields": [{"name": "vendor", "dtype": "string", "description": "Supplier"}],
         "children": [
             {"name": "Supply Agreement", "description": "", "keywords": [],
              "fields": [{"name": "start_date", "dtype": "date", "description": ""}],
              "children": []},
             {"name": "NDA", "description": "", "keywords": [], "fields": [], "children": []},
         ]},
        {"name": "Invoices", "description": "", "keywords": [], "fields": [], "children": []},
    ]
}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_validate_clean_file_exits_0() -> None:
    code, out = run("validate", str(VALID / "benchmark_mean.py"))
    assert code == 0
    assert "1 file(s) valid" in out


def test_validate_text_format() -> None:
    path = str(INVALID / "classify_not_async.py")
    code, out = run("validate", path)
    assert code == 1
    first, fix = out.splitlines()[:2]
    assert first.startswith(f"{path}:7: MustBeAsync: ")
    assert fix.startswith("    fix: async def classify(self, document")


def test_validate_json_format() -> None:
    paths = [str(INVALID / "empty_file.py"), str(VALID / "benchmark_mean.py")]
    code, out = run("validate", "--format", "json", *paths)
    assert code == 1
    payload = json.loads(out)
    assert [p["file"] for p in payload] == paths
    assert [e["error_type"] for e in payload[0]["errors"]] == ["InvalidBaseClass",
                                                               "MissingSdkImport"]
    assert payload[0]["errors"][0]["line"] is None
    assert payload[1]["errors"] == []


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("validate", str(tmp_path / "missing.py"))[0] == 2
    assert run("validate")[0] == 2
    assert run("plugin", "run", str(tmp_path / "missing.py"))[0] == 2
    assert run("bogus")[0] == 2


def _write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_plugin_run_classification_traverses_levels(tmp_path: Path) -> None:
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    document = _write(tmp_path, "doc.txt", "This supply agreement: supplier delivery terms.")
    code, out = run("plugin", "run", str(VALID / "doc_classification_keywords.py"),
                    "--document", document, "--ontology", ontology)
    assert code == 0, out
    assert "level 0: available ['Contracts', 'Invoices'] -> \"Contracts\" (continue)" in out
    assert "level 1: available ['Supply Agreement', 'NDA'] -> \"Supply Agreement\" (leaf)" in out
    assert "labels: Contracts/Supply Agreement" in out


def test_plugin_run_classification_suggestion(tmp_path: Path) -> None:
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    document = _write(tmp_path, "doc.txt", "nothing relevant")
    code, out = run("plugin", "run", str(VALID / "doc_classification_keywords.py"),
                    "--document", document, "--ontology", ontology, "--config", "min_hits=3",
                    "--json")
    assert code == 0
    assert "-> null (suggestion)" in out
    assert '"outcome": "suggestion"' in out


def test_plugin_run_extraction_resolves_fields(tmp_path: Path) -> None:
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    document = _write(tmp_path, "doc.txt", "Invoice number: INV-7\nVendor: ACME\nTotal: 12.50")
    code, out = run("plugin", "run", str(VALID / "extraction_regex.py"), "--document", document,
                    "--ontology", ontology, "--labels", "Contracts/Supply Agreement")
    assert code == 0
    assert "fields: ['vendor', 'start_date']" in out
    assert '"vendor": "ACME"' in out


def test_plugin_run_with_the_engines_parser(tmp_path: Path) -> None:
    # --parser engine: the document's text from the service's own `service-server parse`
    engine = Path(__file__).resolve().parents[3] / "node_modules" / ".bin" / "service-server"
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    page = _write(tmp_path, "doc.html", "<h1>Supply</h1><p>Vendor: <b>ACME</b> Corp</p>")
    code, out = run("plugin", "run", str(VALID / "extraction_regex.py"), "--document", page,
                    "--ontology", ontology, "--labels", "Contracts/Supply Agreement",
                    "--parser", "engine", "--engine-command", str(engine))
    assert code == 0
    assert '"vendor": "ACME Corp"' in out


def test_plugin_run_llm_without_provider_fails_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SERVICE_LLM_RESPONSE_FILE", raising=False)
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    document = _write(tmp_path, "doc.txt", "text")
    code, _ = run("plugin", "run", str(VALID / "doc_extraction_llm.py"), "--document", document,
                  "--ontology", ontology, "--labels", "Contracts")
    assert code == 1
    assert "prompt_llm has no LLM provider in the local harness" in capsys.readouterr().err
    monkeypatch.setenv("SERVICE_LLM_RESPONSE_FILE", _write(tmp_path, "llm.json",
                                                           {"vendor": "Canned"}))
    code, out = run("plugin", "run", str(VALID / "doc_extraction_llm.py"), "--document",
                    document, "--ontology", ontology, "--labels", "Contracts")
    assert code == 0
    assert '"vendor": "Canned"' in out


def test_plugin_run_imports_the_builtins_helper_package_from_builtins_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Built-in plugins import ``service_builtins``; the engine passes its directory to the
    runtime, and so does ``--builtins-path``."""
    helpers = tmp_path / "builtins" / "service_builtins"
    helpers.mkdir(parents=True)
    (helpers / "__init__.py").write_text("VENDOR = 'from the helper package'\n")
    plugin = _write(tmp_path, "uses_helpers.py", (
        "from service_builtins import VENDOR\n"
        "from service_sdk import ExtractionPlugin, ExtractionResult\n\n\n"
        "class UsesHelpers(ExtractionPlugin):\n"
        "    async def extract(self, document, file_data, mime_type, fields, configs)"
        " -> ExtractionResult:\n"
        "        return ExtractionResult(data={'vendor': VENDOR})\n"))
    document = _write(tmp_path, "doc.txt", "text")
    code, _ = run("plugin", "run", plugin, "--document", document)
    assert code == 1
    assert "hint: a built-in plugin imports its helper package" in capsys.readouterr().err
    code, out = run("plugin", "run", plugin, "--document", document,
                    "--builtins-path", str(tmp_path / "builtins"))
    assert code == 0, out
    assert '"vendor": "from the helper package"' in out
    code, _ = run("plugin", "run", plugin, "--document", document,
                  "--builtins-path", str(tmp_path / "missing"))
    assert code == 2


def test_plugin_run_source(tmp_path: Path) -> None:
    creds = _write(tmp_path, "creds.json", {"token": "x"})
    state = _write(tmp_path, "state.json", {"cursor": 2})
    code, out = run("plugin", "run", str(VALID / "source_memory.py"), "--credentials", creds,
                    "--state", state, "--write-state")
    assert code == 0
    assert "has_new_data: true" in out
    assert "document: c.txt (16 bytes)" in out
    assert 'saved state: {"cursor": 3, "seen": ["c.txt"]}' in out
    assert json.loads(Path(state).read_text()) == {"cursor": 3, "seen": ["c.txt"]}


def test_plugin_run_benchmark(tmp_path: Path) -> None:
    documents: list[dict[str, Any]] = [
        {"id": "a", "filename": "a", "fields": {"annual_value": 100}},
        {"id": "b", "filename": "b", "fields": {"annual_value": 200}},
        {"id": "c", "filename": "c"},
    ]
    docs = _write(tmp_path, "docs.json", documents)
    code, out = run("plugin", "run", str(VALID / "benchmark_mean.py"), "--documents", docs)
    assert code == 0
    assert "benchmark value: 150.0" in out
    assert "compare b: FLAGGED" in out


class _Handler(BaseHTTPRequestHandler):
    received: list[dict[str, Any]] = []  # noqa: RUF012

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).received.append({"path": self.path, "auth": self.headers["Authorization"],
                                    "organization": self.headers["X-Organization-Id"],
                                    "body": body})
        payload: dict[str, Any]
        if "print(" in body["code"]:
            status, payload = 400, {"error": {
                "code": "INVALID_PLUGIN_CODE", "message": "plugin code failed validation",
                "errors": [{"line": 3, "error_type": "PrintInsteadOfLogger",
                            "message": "use the logger", "fix_suggestion": "logger.info(...)",
                            "documentation": None}]}}
        else:
            status, payload = 201, {"id": "p-1", "name": body["name"],
                                    "type": "benchmark", "version": 1}
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_push_success_and_rejection(server: str) -> None:
    code, out = run("plugin", "push", str(VALID / "benchmark_mean.py"), "--url", server + "/",
                    "--api-key", "k123")
    assert code == 0
    assert "id=p-1 type=benchmark version=1 in the key's default organization" in out
    sent = _Handler.received[-1]
    assert sent["path"] == "/api/v1/plugins"
    assert sent["auth"] == "Bearer k123"
    assert sent["organization"] is None
    assert sent["body"]["name"] == "benchmark_mean"
    path = str(INVALID / "print_instead_of_logger.py")
    code, out = run("plugin", "push", path, "--url", server, "--api-key", "k", "--name", "x")
    assert code == 1
    assert f"{path}:3: PrintInsteadOfLogger: use the logger" in out
    assert "    fix: logger.info(...)" in out


def test_push_into_a_chosen_organization(server: str) -> None:
    org = "01a23582-524a-7a52-b685-8d0f1546e373"
    code, out = run("plugin", "push", str(VALID / "benchmark_mean.py"), "--url", server,
                    "--api-key", "k123", "--organization", org)
    assert code == 0
    assert f"version=1 in organization {org}" in out
    assert _Handler.received[-1]["organization"] == org


def test_push_unreachable_server() -> None:
    code, _ = run("plugin", "push", str(VALID / "benchmark_mean.py"), "--url",
                  "http://127.0.0.1:1", "--api-key", "k", "--timeout", "2")
    assert code == 1


def test_local_harness_serves_http_request_without_following_redirects() -> None:
    import http.server
    import threading

    from service_sdk.cli.local_services import _local_request_handler

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/moved":
                self.send_response(302)
                self.send_header("Location", "/elsewhere")
                self.end_headers()
                return
            body = f"hello {self.headers.get('authorization')}".encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        ok = _local_request_handler({"service": "http_request", "args": {
            "method": "GET", "url": f"{base}/x", "headers": {"authorization": "t"}}})
        assert ok["result"]["status"] == 200
        assert ok["result"]["body"] == "aGVsbG8gdA=="  # "hello t"
        moved = _local_request_handler({"service": "http_request", "args": {
            "method": "GET", "url": f"{base}/moved"}})
        assert moved["result"]["status"] == 302
        assert moved["result"]["headers"]["location"] == "/elsewhere"
    finally:
        server.shutdown()


CUAD_PDF = (Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "cuad" / "pdf"
            / "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.pdf")


@pytest.mark.skipif(not CUAD_PDF.is_file(), reason="corpus not beside the repository")
def test_plugin_run_gives_a_text_plugin_the_text_of_a_pdf(tmp_path: Path) -> None:
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    code, out = run("plugin", "run", str(VALID / "doc_classification_keywords.py"),
                    "--document", str(CUAD_PDF), "--ontology", ontology)
    assert code == 0, out
    assert "level 0: available ['Contracts', 'Invoices'] -> \"Contracts\"" in out
    assert "labels: Contracts" in out


def test_plugin_run_warns_when_the_document_has_no_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ontology = _write(tmp_path, "ontology.json", ONTOLOGY)
    document = tmp_path / "blob.bin"
    document.write_bytes(b"\x00\x01\x02")
    code, out = run("plugin", "run", str(VALID / "doc_classification_keywords.py"),
                    "--document", str(document), "--ontology", ontology)
    assert code == 0
    assert "labels: (none)" in out
    assert f"warning: {document} has no text" in capsys.readouterr().err


def test_validate_imports_only_the_validator() -> None:
    """`service validate` starts fast: a fresh interpreter running it loads neither the models,
    the runtime client, urllib, hashlib, pathlib, json nor dataclasses (docs/performance.md)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "at_start = set(sys.modules)\n"  # what the interpreter's site hooks loaded is not ours
        "from service_sdk.cli import main\n"
        f"code = main(['validate', {str(VALID / 'doc_classification_keywords.py')!r}])\n"
        "heavy = ['service_sdk.models', 'service_sdk.runtime.client', 'urllib.request',\n"
        "         'hashlib', 'mimetypes', 'base64', 'pathlib', 'json', 'dataclasses',\n"
        "         'inspect', 'service_sdk.cli.run', 'service_sdk.cli.push']\n"
        "print(code, [m for m in heavy if m in sys.modules and m not in at_start])\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip().splitlines()[-1] == "0 []"
