"""``service plugin push <file>``: register a plugin on a server (``POST /api/v1/plugins``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from .common import EXIT_FINDINGS, EXIT_OK, _read_text, format_findings_text


def cmd_plugin_push(args: argparse.Namespace, out: TextIO) -> int:
    import urllib.error
    import urllib.request

    source = _read_text(args.file)
    name = args.name or Path(args.file).stem
    body = json.dumps({"name": name, "code": source}).encode("utf-8")
    url = args.url.rstrip("/") + "/api/v1/plugins"
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "Authorization": f"Bearer {args.api_key}",
    }
    # Without the header the server registers the plugin in the key owner's default
    # organization, which for a member of several is often not the one meant.
    if args.organization:
        headers["X-Organization-Id"] = args.organization
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
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
        where = (f"organization {args.organization}" if args.organization
                 else "the key's default organization (--organization chooses another)")
        out.write(f"registered plugin {payload.get('name', name)}: id={payload.get('id')} "
                  f"type={payload.get('type')} version={payload.get('version')} in {where}\n")
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
