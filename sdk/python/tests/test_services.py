"""Services outside and inside a bound backend."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from service_sdk import (
    HttpResponse,
    OntologyField,
    ServiceUnavailableError,
    format_fields_for_prompt,
    get_prompt,
    http_request,
    logger,
    prompt_llm,
    report_classification,
)
from service_sdk.services import ServiceError, bind_backend, reset_backend


def test_prompt_llm_outside_runtime_raises_clear_error() -> None:
    with pytest.raises(RuntimeError, match=r"prompt_llm is only available inside the service "
                       r"plugin runtime \("):
        asyncio.run(prompt_llm("hi"))
    with pytest.raises(ServiceUnavailableError, match="get_prompt is only available"):
        asyncio.run(get_prompt("p"))


def test_logger_outside_runtime_uses_std_logging(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="service_sdk.plugin"):
        logger.info("hello %s", "world")
        logger.warning("bad %d", "notint")
    assert [r.getMessage() for r in caplog.records] == ["hello world", "bad %d notint"]


def test_format_fields_for_prompt() -> None:
    fields = [OntologyField("vendor", "string", "Supplier name"), OntologyField("total", "money")]
    assert format_fields_for_prompt(fields) == "- vendor (string): Supplier name\n- total (money)"
    assert format_fields_for_prompt([]) == ""


class _Backend:
    def __init__(self) -> None:
        self.logs: list[tuple[str, str]] = []
        self.requests: list[tuple[str, dict[str, Any]]] = []

    async def request(self, service: str, args: dict[str, Any]) -> Any:
        self.requests.append((service, args))
        if service == "get_prompt":
            return 42  # wrong type on purpose
        return {"ok": True}

    def log(self, level: str, message: str) -> None:
        self.logs.append((level, message))


def test_bound_backend_receives_requests_and_logs() -> None:
    backend = _Backend()

    async def run() -> None:
        token = bind_backend(backend)
        try:
            assert await prompt_llm("p", file_data=b"ab", model_name="m") == {"ok": True}
            with pytest.raises(ServiceError, match="InvalidServiceResult"):
                await get_prompt("x")
            logger.error("boom %s", 1)
        finally:
            reset_backend(token)

    asyncio.run(run())
    assert backend.requests[0] == (
        "prompt_llm",
        {"prompt": "p", "file_data": "YWI=", "mime_type": None, "schema": None,
         "model_name": "m"},
    )
    assert backend.logs == [("error", "boom 1")]


class _HttpBackend(_Backend):
    async def request(self, service: str, args: dict[str, Any]) -> Any:
        self.requests.append((service, args))
        return {"status": 200, "headers": {"Content-Type": "application/json"},
                "body": "eyJvayI6IHRydWV9"}  # {"ok": true}


def test_http_request_travels_to_the_host_and_decodes_the_answer() -> None:
    backend = _HttpBackend()

    async def run() -> HttpResponse:
        token = bind_backend(backend)
        try:
            return await http_request("post", "https://api.example.com/x",
                                      headers={"accept": "application/json"}, body="hi")
        finally:
            reset_backend(token)

    response = asyncio.run(run())
    assert backend.requests == [(
        "http_request",
        {"method": "POST", "url": "https://api.example.com/x",
         "headers": {"accept": "application/json"}, "body": "aGk=", "timeout_seconds": None},
    )]
    assert response.status == 200
    assert response.headers == {"content-type": "application/json"}
    assert response.json() == {"ok": True}
    assert response.text() == '{"ok": true}'


def test_http_request_outside_runtime_raises_clear_error() -> None:
    with pytest.raises(RuntimeError, match=r"http_request is only available inside"):
        asyncio.run(http_request("GET", "https://api.example.com"))


def test_report_classification_is_a_no_op_outside_the_runtime() -> None:
    # In-process runs (tests, benchmarks) classify as usual; the report has nowhere to go.
    assert asyncio.run(report_classification("Invoice", 0.9)) is False


def test_report_classification_sends_the_decision_to_the_host() -> None:
    backend = _Backend()

    async def run() -> bool:
        token = bind_backend(backend)
        try:
            return await report_classification(
                None, 0.41, runner_up="Contract", runner_up_probability=0.39,
                evidence=(f"term{i}" for i in range(30)), abstention_reason="small margin")
        finally:
            reset_backend(token)

    assert asyncio.run(run()) is True
    service, args = backend.requests[0]
    assert service == "report_classification"
    assert args == {
        "label": None, "probability": 0.41, "runner_up": "Contract",
        "runner_up_probability": 0.39, "evidence": [f"term{i}" for i in range(20)],
        "abstention_reason": "small margin",
    }


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"label": "A", "probability": 1.5}, ValueError),
    ({"label": "A", "probability": float("nan")}, ValueError),
    ({"label": "A", "probability": True}, TypeError),
    ({"label": "A", "probability": 0.5, "runner_up_probability": -0.1}, ValueError),
    ({"label": 3, "probability": 0.5}, TypeError),
    ({"label": "A", "probability": 0.5, "evidence": [1, 2]}, TypeError),
])
def test_report_classification_rejects_bad_values(kwargs: dict[str, Any],
                                                   error: type[Exception]) -> None:
    with pytest.raises(error):
        asyncio.run(report_classification(**kwargs))
