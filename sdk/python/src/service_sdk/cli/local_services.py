"""The plugin services (``prompt_llm``, ``get_prompt``, ``http_request``) as ``service plugin run``
answers them on a developer's machine, without a server."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


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
    # Imported here, not at the top: `service validate` loads this module and needs neither
    # (docs/performance.md).
    import base64
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
