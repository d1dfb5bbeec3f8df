"""Services available to plugins (spec 4.11 "Services available to plugins").

``prompt_llm``, ``get_prompt``, ``http_request`` and ``report_classification`` are provided
by the engine: inside the
plugin runtime (``python -m service_sdk.runtime``) they are bound, per call, to a
:class:`ServiceBackend` through a context variable and travel to the host as ``request``
messages. Outside a runtime they raise :class:`ServiceUnavailableError`.
``format_fields_for_prompt`` and ``logger`` run locally; inside a runtime the logger
forwards records to the host as ``log`` messages, outside it writes to the standard
:mod:`logging` module (logger ``service_sdk.plugin``).
"""

from __future__ import annotations

import base64
import contextvars
import dataclasses
import json
import logging
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from .models import OntologyField

__all__ = [
    "HttpResponse",
    "ServiceBackend",
    "ServiceError",
    "ServiceLogger",
    "ServiceUnavailableError",
    "bind_backend",
    "format_fields_for_prompt",
    "get_prompt",
    "http_request",
    "logger",
    "prompt_llm",
    "report_classification",
    "reset_backend",
]

LOG_LEVELS = ("debug", "info", "warning", "error")


class ServiceError(RuntimeError):
    """The host answered a service request with an error (e.g. the LLM provider failed).

    Attributes:
        error_type: machine-readable error identifier sent by the host.
    """

    def __init__(self, error_type: str, message: str) -> None:
        super().__init__(f"{error_type}: {message}")
        self.error_type = error_type


class ServiceUnavailableError(RuntimeError):
    """A runtime-only service was called outside the plugin runtime."""


class ServiceBackend(Protocol):
    """What the runtime binds for the duration of one plugin call."""

    async def request(self, service: str, args: dict[str, Any]) -> Any:
        """Ask the host for ``service`` with JSON ``args``; return its JSON result.

        Raises:
            ServiceError: the host answered with an error.
        """
        ...

    def log(self, level: str, message: str) -> None:
        """Forward one log record to the host."""
        ...


_backend: contextvars.ContextVar[ServiceBackend | None] = contextvars.ContextVar(
    "service_sdk_backend", default=None
)


def bind_backend(backend: ServiceBackend) -> contextvars.Token[ServiceBackend | None]:
    """Bind ``backend`` in the current context (used by the runtime for each call)."""
    return _backend.set(backend)


def reset_backend(token: contextvars.Token[ServiceBackend | None]) -> None:
    """Undo :func:`bind_backend`."""
    _backend.reset(token)


def _require_backend(name: str) -> ServiceBackend:
    backend = _backend.get()
    if backend is None:
        raise ServiceUnavailableError(
            f"{name} is only available inside the service plugin runtime (the engine, or "
            "`service plugin run` for local runs); it cannot be called from a plain Python "
            "process or at import time"
        )
    return backend


async def prompt_llm(
    prompt: str,
    file_data: bytes | None = None,
    mime_type: str | None = None,
    schema: dict[str, Any] | None = None,
    model_name: str | None = None,
) -> dict[str, Any] | list[Any] | None:
    """Ask the organization's LLM; return its JSON answer (dict or list) or ``None``.

    Args:
        prompt: the prompt text.
        file_data: optional file bytes sent along (e.g. a PDF), base64 on the wire.
        mime_type: MIME type of ``file_data``.
        schema: optional JSON Schema the answer must follow.
        model_name: overrides the default model for this call.

    Raises:
        ServiceUnavailableError: called outside the plugin runtime.
        ServiceError: the host reported an error (provider down, quota, invalid schema).
        TypeError: an argument has the wrong type.
    """
    if not isinstance(prompt, str):
        raise TypeError(f"prompt must be a str, got {type(prompt).__name__}")
    if file_data is not None and not isinstance(file_data, bytes | bytearray):
        raise TypeError(f"file_data must be bytes or None, got {type(file_data).__name__}")
    backend = _require_backend("prompt_llm")
    result = await backend.request(
        "prompt_llm",
        {
            "prompt": prompt,
            "file_data": base64.b64encode(file_data).decode("ascii") if file_data else None,
            "mime_type": mime_type,
            "schema": schema,
            "model_name": model_name,
        },
    )
    if result is None or isinstance(result, dict | list):
        return result
    raise ServiceError("InvalidServiceResult", "prompt_llm answer must be an object, list or null")


async def get_prompt(prompt_id: str) -> str:
    """Return the text of the stored prompt ``prompt_id``.

    Raises:
        ServiceUnavailableError: called outside the plugin runtime.
        ServiceError: the host reported an error (e.g. unknown prompt id).
    """
    backend = _require_backend("get_prompt")
    result = await backend.request("get_prompt", {"prompt_id": prompt_id})
    if not isinstance(result, str):
        raise ServiceError("InvalidServiceResult", "get_prompt answer must be a string")
    return result


#: Most evidence terms :func:`report_classification` sends, and the longest string it sends.
REPORT_MAX_TERMS = 20
REPORT_MAX_CHARS = 200


def _short(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str or None, got {type(value).__name__}")
    return value[:REPORT_MAX_CHARS]


def _probability(value: float | None, what: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{what} must be a number, got {type(value).__name__}")
    if not 0.0 <= float(value) <= 1.0:  # also rejects NaN
        raise ValueError(f"{what} must be within [0, 1], got {value!r}")
    return float(value)


async def report_classification(
    label: str | None,
    probability: float,
    *,
    runner_up: str | None = None,
    runner_up_probability: float | None = None,
    evidence: Iterable[str] = (),
    abstention_reason: str | None = None,
) -> bool:
    """Tell the engine how sure a ``classify`` call is (the side channel of decision 66).

    ``classify`` still returns a label or ``None`` (spec 4.11); this reports, for the level
    being classified, the best label considered (also when the call then returns ``None``),
    its probability, the runner-up, the evidence terms and why the call abstains. The engine
    stores the last report of the call in the document's classification trace and on the
    label suggestion an abstention starts (``GET /documents/{id}``, the suggestion API).

    Args:
        label: the best label considered, or ``None`` when there was none.
        probability: that label's probability in [0, 1].
        runner_up: the second-best label.
        runner_up_probability: its probability in [0, 1].
        evidence: the terms that weighed most, strongest first (at most
            :data:`REPORT_MAX_TERMS` are sent, each cut to :data:`REPORT_MAX_CHARS`).
        abstention_reason: why the call returns ``None`` (``"no evidence"``, ``"small
            margin"``...); ``None`` when it answers.

    Returns:
        ``True`` when the report reached the engine; ``False`` outside the plugin runtime
        (a plugin run in-process, e.g. in a test or a benchmark), where reporting is a no-op.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: a probability is outside [0, 1].
        ServiceError: the host refused the report (e.g. called from an extraction).
    """
    terms = list(evidence)
    if not all(isinstance(t, str) for t in terms):
        raise TypeError("evidence must be an iterable of str")
    args = {
        "label": _short(label, "label"),
        "probability": _probability(probability, "probability"),
        "runner_up": _short(runner_up, "runner_up"),
        "runner_up_probability": _probability(runner_up_probability, "runner_up_probability"),
        "evidence": [t[:REPORT_MAX_CHARS] for t in terms[:REPORT_MAX_TERMS]],
        "abstention_reason": _short(abstention_reason, "abstention_reason"),
    }
    if args["probability"] is None:
        raise TypeError("probability must be a number, got None")
    backend = _backend.get()
    if backend is None:
        return False
    await backend.request("report_classification", args)
    return True


@dataclasses.dataclass(frozen=True)
class HttpResponse:
    """The answer of :func:`http_request`.

    Attributes:
        status: HTTP status code (redirects are not followed: a 3xx comes back as is).
        headers: response headers, names lower-case, repeated headers joined by ``", "``.
        body: the response body.
    """

    status: int
    headers: dict[str, str]
    body: bytes

    def text(self, encoding: str = "utf-8") -> str:
        """The body decoded as text (undecodable bytes replaced)."""
        return self.body.decode(encoding, errors="replace")

    def json(self) -> Any:
        """The body parsed as JSON.

        Raises:
            ValueError: the body is not JSON.
        """
        return json.loads(self.body)


async def http_request(
    method: str,
    url: str,
    headers: Mapping[str, str] | None = None,
    body: bytes | str | None = None,
    timeout_seconds: float | None = None,
) -> HttpResponse:
    """Make an HTTP(S) request through the engine (for SourcePlugins).

    Plugins run without network; the engine makes the request for them, to hosts its operator
    allowed (``SERVICE_PLUGIN_EGRESS_ALLOW``) and only to public addresses (docs/security.md).

    Args:
        method: ``GET``, ``HEAD``, ``POST``, ``PUT``, ``PATCH``, ``DELETE`` or ``OPTIONS``.
        url: absolute ``http://`` or ``https://`` URL.
        headers: request headers (``Host``, ``Content-Length`` and hop-by-hop headers are set
            by the engine).
        body: request body; a ``str`` is sent as UTF-8.
        timeout_seconds: limit of the exchange (the engine's own limit applies too).

    Raises:
        ServiceUnavailableError: called outside the plugin runtime.
        ServiceError: ``EgressRefused`` (host not allowed, non-public address),
            ``EgressFailed`` (network error, time-out, body too large) or ``InvalidArguments``.
        TypeError: an argument has the wrong type.
    """
    if not isinstance(method, str) or not isinstance(url, str):
        raise TypeError("method and url must be str")
    if isinstance(body, str):
        body = body.encode("utf-8")
    if body is not None and not isinstance(body, bytes | bytearray):
        raise TypeError(f"body must be bytes, str or None, got {type(body).__name__}")
    backend = _require_backend("http_request")
    result = await backend.request(
        "http_request",
        {
            "method": method.upper(),
            "url": url,
            "headers": dict(headers or {}),
            "body": base64.b64encode(body).decode("ascii") if body is not None else None,
            "timeout_seconds": timeout_seconds,
        },
    )
    if not isinstance(result, dict) or not isinstance(result.get("status"), int):
        raise ServiceError("InvalidServiceResult", "http_request answer must be a response object")
    raw_headers = result.get("headers") or {}
    return HttpResponse(
        status=result["status"],
        headers={str(k).lower(): str(v) for k, v in raw_headers.items()},
        body=base64.b64decode(result.get("body") or ""),
    )


def format_fields_for_prompt(fields: Iterable[OntologyField]) -> str:
    """Render ontology fields as a bullet list for an LLM prompt (pure, local).

    One line per field: ``- name (dtype): description``; the description part is left
    out when empty. Returns ``""`` for no fields.

    Example: ``[OntologyField("vendor", "string", "Supplier name")]`` →
    ``"- vendor (string): Supplier name"``.
    """
    lines = []
    for field in fields:
        line = f"- {field.name} ({field.dtype})"
        if field.description:
            line += f": {field.description}"
        lines.append(line)
    return "\n".join(lines)


class ServiceLogger:
    """The plugin logger (``logger.info(msg)``; sync; spec 4.11).

    ``msg`` may use ``%``-style ``args`` like :mod:`logging`. Inside the runtime each record
    becomes a ``log`` message to the host, tagged with the current call id; outside, it goes
    to ``logging.getLogger("service_sdk.plugin")``.
    """

    _std = logging.getLogger("service_sdk.plugin")

    @staticmethod
    def _format(msg: object, args: tuple[object, ...]) -> str:
        text = str(msg)
        if args:
            try:
                text = text % args
            except (TypeError, ValueError):
                text = " ".join([text, *map(str, args)])
        return text

    def _emit(self, level: str, msg: object, args: tuple[object, ...]) -> None:
        text = self._format(msg, args)
        backend = _backend.get()
        if backend is None:
            self._std.log(getattr(logging, level.upper()), "%s", text)
        else:
            backend.log(level, text)

    def debug(self, msg: object, *args: object) -> None:
        """Log at debug level."""
        self._emit("debug", msg, args)

    def info(self, msg: object, *args: object) -> None:
        """Log at info level."""
        self._emit("info", msg, args)

    def warning(self, msg: object, *args: object) -> None:
        """Log at warning level."""
        self._emit("warning", msg, args)

    def error(self, msg: object, *args: object) -> None:
        """Log at error level."""
        self._emit("error", msg, args)

    def exception(self, msg: object, *args: object) -> None:
        """Log at error level with the current exception's traceback appended."""
        import traceback

        text = f"{self._format(msg, args)}\n{traceback.format_exc()}".rstrip()
        self._emit("error", text, ())


#: The logger plugins use: ``from service_sdk import logger``.
logger = ServiceLogger()
