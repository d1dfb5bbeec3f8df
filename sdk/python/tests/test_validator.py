"""The validator against the shared corpus and rule details."""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest

from service_sdk.validator import RULES, analyze_source, validate_file, validate_source

from .conftest import INVALID, VALID

VALID_FILES = sorted(VALID.glob("*.py"))
INVALID_FILES = sorted(INVALID.glob("*.py"))
DOCS = Path(__file__).resolve().parents[3] / "docs" / "plugins.md"


def test_corpus_is_large_enough() -> None:
    assert len(VALID_FILES) >= 15
    assert len(INVALID_FILES) >= 30
    types = {analyze_source(p.read_text()).plugin_type for p in VALID_FILES}
    assert types == {"source", "classification", "extraction", "benchmark"}


@pytest.mark.parametrize("path", VALID_FILES, ids=lambda p: p.name)
def test_valid_corpus_has_no_findings(path: Path) -> None:
    assert [f.to_dict() for f in validate_file(path)] == []


@pytest.mark.parametrize("path", INVALID_FILES, ids=lambda p: p.name)
def test_invalid_corpus_matches_expected(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    findings = validate_file(path)
    got = collections.Counter((f.line, f.error_type) for f in findings)
    want = collections.Counter((e["line"], e["error_type"]) for e in expected)
    assert got == want
    for f in findings:
        assert set(f.to_dict()) == {"line", "error_type", "message", "fix_suggestion",
                                    "documentation"}
        assert f.error_type in RULES
        assert f.message
        assert f.fix_suggestion
        assert f.documentation == f"docs/plugins.md#{f.error_type.lower()}"
    lines = [f.line or 0 for f in findings]
    assert lines == sorted(lines)


def test_every_rule_is_exercised_by_the_corpus() -> None:
    seen = set()
    for path in INVALID_FILES:
        expected = json.loads(path.with_suffix(".expected.json").read_text())
        seen |= {e["error_type"] for e in expected}
    assert seen == set(RULES)


def test_docs_have_an_anchor_per_rule() -> None:
    text = DOCS.read_text(encoding="utf-8")
    headings = {h.strip().lower() for h in re.findall(r"^### (\w+)\s*$", text, re.M)}
    assert {r.lower() for r in RULES} <= headings


def test_docs_examples_are_in_the_valid_corpus() -> None:
    text = DOCS.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    examples = {p.read_text() for p in VALID.glob("doc_*.py")}
    assert len(examples) == 4
    for example in examples:
        assert example in blocks


def test_docs_base_is_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    findings = validate_source("x = 1\n", docs_base="https://docs.example/plugins#")
    assert findings[0].documentation == "https://docs.example/plugins#invalidbaseclass"
    monkeypatch.setenv("SERVICE_SDK_DOCS_BASE", "/help/")
    assert validate_source("x = 1\n")[0].documentation == "/help/invalidbaseclass"


def test_syntax_error_reports_line_and_never_raises() -> None:
    findings = validate_source("from service_sdk import x\n\ndef f(:\n")
    assert [(f.line, f.error_type) for f in findings] == [(3, "SyntaxError")]
    assert validate_source("a\x00b")[0].error_type == "SyntaxError"
    deep = "x = " + "(" * 500 + ")" * 500
    assert validate_source(deep)[0].error_type == "SyntaxError"


def test_analysis_reports_plugin_type_and_class() -> None:
    analysis = analyze_source((VALID / "source_memory.py").read_text())
    assert (analysis.plugin_type, analysis.class_name) == ("source", "MemorySource")
    assert analysis.findings == []


def test_never_imports_the_file(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    source = f"open({str(marker)!r}, 'w').write('x')\nfrom service_sdk import logger\n"
    validate_source(source)
    assert not marker.exists()


def test_importing_the_validator_loads_no_models() -> None:
    """The validator reads the contract's constants from ``service_sdk.contract``: a fresh
    interpreter importing it loads no ``service_sdk.models`` (docs/performance.md)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "import service_sdk.validator\n"
        "print(sorted(m for m in sys.modules if m.startswith('service_sdk.models')))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"
