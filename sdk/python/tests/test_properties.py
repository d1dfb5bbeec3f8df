"""Property tests: no input crashes the validator or the runtime's validate message."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service_sdk.runtime.client import RuntimeClient
from service_sdk.validator import RULES, validate_source

from .conftest import VALID

SOURCES = [p.read_text() for p in sorted(VALID.glob("*.py"))]
TOKENS = ["async ", "def ", "return [", "return {", "print(", "(", ")", ":", "\n", "    ",
          "prompt_llm(", "await ", "class X(BaseBenchmark):", "execute", "yield ", "\x00", "'",
          "task = prompt_llm(", "await task", "tasks.append(", "asyncio.gather(*tasks)",
          "return ", "from helpers import Mixin\n", "(Mixin, ", "self.t = get_prompt(",
          "a, b = ", " := "]


@st.composite
def mutated_plugin(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(source)))
        action = draw(st.sampled_from(["delete", "insert", "duplicate"]))
        if action == "delete":
            end = draw(st.integers(pos, min(len(source), pos + 40)))
            source = source[:pos] + source[end:]
        elif action == "insert":
            source = source[:pos] + draw(st.sampled_from(TOKENS)) + source[pos:]
        else:
            line_start = source.rfind("\n", 0, pos) + 1
            line_end = source.find("\n", pos)
            line = source[line_start: line_end if line_end != -1 else len(source)]
            source = source[:pos] + "\n" + line + source[pos:]
    return source


def _check(findings: list[dict[str, object]]) -> None:
    for f in findings:
        assert f["error_type"] in RULES
        assert f["line"] is None or isinstance(f["line"], int)


@settings(max_examples=150, deadline=None)
@given(st.text())
def test_random_text_never_crashes_validate(text: str) -> None:
    _check([f.to_dict() for f in validate_source(text)])


@settings(max_examples=150, deadline=None)
@given(mutated_plugin())
def test_mutated_plugins_never_crash_validate(source: str) -> None:
    _check([f.to_dict() for f in validate_source(source)])


@pytest.fixture(scope="module")
def shared_runtime() -> Iterator[RuntimeClient]:
    client = RuntimeClient(stderr=subprocess.DEVNULL)
    yield client
    client.close()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(), mutated_plugin()))
def test_runtime_validate_never_crashes(shared_runtime: RuntimeClient, source: str) -> None:
    findings = shared_runtime.validate(source)
    assert isinstance(findings, list)
    _check(findings)
    assert [f["error_type"] for f in findings] == [
        f.error_type for f in validate_source(source)
    ]
