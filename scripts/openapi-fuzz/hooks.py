"""Schemathesis hooks: valid state for operations whose refusals no JSON Schema can state.

Thirteen operations refuse schema-valid input on the server's *state*, not its shape (decision
442): a one-time OAuth ``state``, a console-session token where the run sends an API key, an
entitlement or marketplace account that must exist, an organization that is not the caller's
personal one, plugin code the validator must accept, an OAuth provider that must be enabled, a
``source_type`` some SourcePlugin registered, a webhook host that must resolve, a document and
the ontology's label paths and field names. With random values every positive case of these
operations is a 400, the run reaches none of their business logic, and Schemathesis reports
them as a "validation mismatch" (docs: "extend generators to match runtime rules").

``map_case`` (Schemathesis hooks reference, "Data Generation Hooks") fills, in *positive* cases
only, the parts the server's state decides with values made through the API a moment before
(a fresh session, organization, entitlement or OAuth authorization per case; a document, a
source plugin and a connection once per run). Every part the schema decides stays generated,
and negative cases are left alone. Loaded by ``scripts/openapi-fuzz.sh`` with
``SCHEMATHESIS_HOOKS=hooks``; it reads ``FUZZ_BASE_URL`` and ``FUZZ_API_KEY``.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import requests
import schemathesis
from requests.structures import CaseInsensitiveDict
from schemathesis import Case, GenerationMode, HookContext

#: A SourcePlugin with nothing to fetch: ``POST /sources/custom`` needs a registered type.
SOURCE_PLUGIN = '''"""An empty source: the fuzz run's registered source_type."""

from collections.abc import AsyncIterator
from typing import Any

from service_sdk import BaseSourceState, DocumentInput, DynamicCredential, SourcePlugin


class FuzzState(BaseSourceState):
    seen: int = 0


class FuzzSource(SourcePlugin):
    source_type = "fuzz_empty"
    source_state_model = FuzzState
    credential_fields = ["token"]

    async def has_new_data(
        self, credentials: DynamicCredential, state: FuzzState, configs: dict[str, Any]
    ) -> bool:
        return False

    async def fetch(
        self, credentials: DynamicCredential, state: FuzzState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        return
        yield
'''

AnyCase = Case[Any]

#: Webhook deliveries of the run go nowhere (the server runs with SERVICE_WEBHOOK_ALLOW_PRIVATE).
WEBHOOK_URL = "http://127.0.0.1:9/openapi-fuzz"

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "demo-corpus" / "agreements-md" / "commonpaper" / "BAA"


def _base() -> str:
    return os.environ["FUZZ_BASE_URL"].rstrip("/")


def _call(
    method: str, path: str, *, token: str | None = None, organization: str | None = None, **kwargs: Any
) -> requests.Response:
    """One request as the run's SYSTEM_ADMIN (or ``token``), in ``organization`` if given.

    Raises RuntimeError on anything but 2xx.
    """
    headers = {"Authorization": f"Bearer {token or os.environ['FUZZ_API_KEY']}"}
    if organization is not None:
        headers["X-Organization-Id"] = organization
    res = requests.request(method, _base() + path, headers=headers, timeout=30, **kwargs)
    if not res.ok:
        raise RuntimeError(f"openapi-fuzz hooks: {method} {path} → {res.status_code}: {res.text[:300]}")
    return res


def _set_header(case: AnyCase, name: str, value: str) -> None:
    if case.headers is None:
        case.headers = CaseInsensitiveDict()
    case.headers[name] = value


def _team_organization() -> str:
    """A new TEAM organization of the run's user (the personal one cannot be deleted or linked)."""
    name = f"fuzz {uuid.uuid4().hex[:12]}"
    return str(_call("POST", "/api/v1/organizations", json={"name": name}).json()["id"])


@cache
def _linking_organization() -> str:
    return _team_organization()


def _entitlement(account_id: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "entitlement_id": f"ent-{uuid.uuid4().hex}",
        "account_id": account_id or f"acct-{uuid.uuid4().hex}",
        "email": f"billing-{uuid.uuid4().hex[:8]}@example.com",
        "plan": "standard",
        "status": "ACTIVE",
    }
    return dict(_call("POST", "/api/v1/marketplace/entitlements", json=body).json())


def _authorization() -> tuple[str, str]:
    """(code, state) of a fresh OAuth authorization at the development provider."""
    started = _call("POST", "/api/v1/sources/connect/initiate", json={"provider": "local_dev"}).json()
    res = requests.get(started["authorization_url"], allow_redirects=False, timeout=30)
    query = parse_qs(urlparse(res.headers["Location"]).query)
    return query["code"][0], query["state"][0]


@cache
def _connection() -> str:
    """The id of an OAuth source connection made through the development provider."""
    code, state = _authorization()
    _call("GET", "/api/v1/sources/connect/callback", params={"code": code, "state": state})
    sources = _call("GET", "/api/v1/sources", params={"size": 100}).json()["content"]
    return str(next(s["id"] for s in sources if s.get("provider") == "local_dev"))


@cache
def _revoked_connection() -> str:
    """An OAuth connection whose provider forgot its tokens: REQUIRES_REAUTHORIZATION after a sync."""
    code, state = _authorization()
    _call("GET", "/api/v1/sources/connect/callback", params={"code": code, "state": state})
    sources = _call("GET", "/api/v1/sources", params={"size": 100}).json()["content"]
    newest = max((s for s in sources if s.get("provider") == "local_dev"), key=lambda s: s["created_at"])
    started = _call("POST", "/api/v1/sources/connect/initiate", json={"provider": "local_dev"}).json()
    provider = urlparse(started["authorization_url"])
    requests.post(f"{provider.scheme}://{provider.netloc}/revoke", timeout=30).raise_for_status()
    _call("POST", f"/api/v1/sources/{newest['id']}/sync")
    for _ in range(600):
        if _call("GET", f"/api/v1/sources/{newest['id']}").json()["status"] == "REQUIRES_REAUTHORIZATION":
            break
        time.sleep(0.1)
    return str(newest["id"])


@cache
def _source_type() -> str:
    body = {"name": f"fuzz-source-{uuid.uuid4().hex[:8]}", "code": SOURCE_PLUGIN}
    try:
        _call("POST", "/api/v1/plugins", json=body)
    except RuntimeError as err:
        if "→ 409" not in str(err):  # registered already, by an earlier phase of the run
            raise
    return "fuzz_empty"


@cache
def _plugin_code() -> str:
    return (ROOT / "plugins" / "examples" / "term_length_benchmark.py").read_text()


#: The ontology the hooks give the organization when it has none: one label with one field.
ONTOLOGY = {"labels": [{"name": "Contract", "description": "an agreement between parties",
                        "fields": [{"name": "effective_date", "dtype": "date", "description": "when it starts"}]}]}


@cache
def _labelling_organization() -> str:
    """An organization of its own for the label and extraction cases: the run rewrites the
    personal organization's ontology and deletes its documents at random."""
    return _team_organization()


@cache
def _document() -> str:
    """The id of a contract uploaded to :func:`_labelling_organization` and processed."""
    org = _labelling_organization()
    _label_and_field()
    path = min(DOCUMENT.glob("*.md"))
    with path.open("rb") as f:
        files = {"file": (path.name, f, "text/markdown")}
        doc = _call("POST", "/api/v1/documents", organization=org, files=files).json()
    for _ in range(600):
        doc = _call("GET", f"/api/v1/documents/{doc['id']}", organization=org).json()
        if doc["status"] not in ("PENDING", "PROCESSING", "RECEIVED", "QUEUED"):
            break
        time.sleep(0.1)
    return str(doc["id"])


def _label_and_field() -> tuple[str, str]:
    """(a root label, one of its fields) of the labelling organization's ontology, made if empty."""
    org = _labelling_organization()
    ontology = _call("GET", "/api/v1/ontology", organization=org).json()
    if not ontology["labels"]:
        _call("PUT", "/api/v1/ontology", organization=org, json=ONTOLOGY)
        ontology = _call("GET", "/api/v1/ontology", organization=org).json()
    first = ontology["labels"][0]
    fields = [f["name"] for f in first.get("fields", [])] or ["effective_date"]
    return str(first["name"]), str(fields[0])


def _organization_id(case: AnyCase) -> None:
    case.path_parameters = {**(case.path_parameters or {}), "id": _team_organization()}


def _tenant_header(case: AnyCase) -> None:
    _set_header(case, "X-Organization-Id", _linking_organization())


def _link(case: AnyCase) -> None:
    _tenant_header(case)
    case.body = {"entitlement_id": _entitlement()["entitlement_id"]}


def _link_by_account(case: AnyCase) -> None:
    _tenant_header(case)
    account = f"acct-{uuid.uuid4().hex}"
    _entitlement(account)
    case.body = {"account_id": account}


def _callback(case: AnyCase) -> None:
    code, state = _authorization()
    case.query = {"code": code, "state": state}


def _initiate(case: AnyCase) -> None:
    body = dict(case.body) if isinstance(case.body, dict) else {}
    body["provider"] = "local_dev"
    body.pop("redirect_uri", None)
    case.body = body


def _plugin(case: AnyCase) -> None:
    body = dict(case.body) if isinstance(case.body, dict) else {}
    body["code"] = _plugin_code()
    body.pop("configs", None)
    body["name"] = f"{str(body.get('name', 'fuzz'))[:60]}-{uuid.uuid4().hex[:8]}"
    case.body = body


def _custom_source(case: AnyCase) -> None:
    body = dict(case.body) if isinstance(case.body, dict) else {}
    body["source_type"] = _source_type()
    body["credentials"] = {"token": "fuzz"}
    body.pop("configs", None)
    case.body = body


def _connection_path(case: AnyCase) -> None:
    case.path_parameters = {**(case.path_parameters or {}), "id": _connection()}


def _revoked_connection_path(case: AnyCase) -> None:
    case.path_parameters = {**(case.path_parameters or {}), "id": _revoked_connection()}


def _webhook(case: AnyCase) -> None:
    body = dict(case.body) if isinstance(case.body, dict) else {}
    body["url"] = WEBHOOK_URL
    case.body = body


def _labels(case: AnyCase) -> None:
    _set_header(case, "X-Organization-Id", _labelling_organization())
    case.path_parameters = {**(case.path_parameters or {}), "id": _document()}
    case.body = {"labels": [_label_and_field()[0]]}


def _extraction(case: AnyCase) -> None:
    _set_header(case, "X-Organization-Id", _labelling_organization())
    case.path_parameters = {**(case.path_parameters or {}), "id": _document()}
    case.body = {"data": {_label_and_field()[1]: None}}




SIGN_OUT = "/api/v1/console/sessions/current"


@schemathesis.auth().skip_for(method="DELETE", path=SIGN_OUT)
class ApiKeyAuth:
    """The run's API key (``FUZZ_API_KEY``) on every operation but sign-out."""

    def get(self, case: AnyCase, ctx: Any) -> str:
        return os.environ["FUZZ_API_KEY"]

    def set(self, case: AnyCase, data: str, ctx: Any) -> None:
        _set_header(case, "Authorization", f"Bearer {data}")


@schemathesis.auth(refresh_interval=None).apply_to(method="DELETE", path=SIGN_OUT)
class ConsoleSessionAuth:
    """A fresh console session for each sign-out (its ``security`` is ``consoleSession`` only)."""

    def get(self, case: AnyCase, ctx: Any) -> str:
        return str(_call("POST", "/api/v1/console/sessions").json()["token"])

    def set(self, case: AnyCase, data: str, ctx: Any) -> None:
        _set_header(case, "Authorization", f"Bearer {data}")


#: Operation label → how a positive case of it gets the state the server checks.
FIXERS: dict[str, Callable[[AnyCase], None]] = {
    "DELETE /api/v1/organizations/{id}": _organization_id,
    "GET /api/v1/sources/connect/callback": _callback,
    "PATCH /api/v1/documents/{id}/extraction": _extraction,
    "POST /api/v1/marketplace/link": _link,
    "POST /api/v1/marketplace/link-by-account": _link_by_account,
    "POST /api/v1/plugins": _plugin,
    "POST /api/v1/sources/connect/initiate": _initiate,
    "POST /api/v1/sources/custom": _custom_source,
    "POST /api/v1/sources/{id}/reconnect": _revoked_connection_path,
    "POST /api/v1/sources/{id}/sync": _connection_path,
    "POST /api/v1/webhooks": _webhook,
    "PUT /api/v1/documents/{id}/labels": _labels,
}


@schemathesis.hook
def map_case(ctx: HookContext, case: AnyCase) -> AnyCase:
    """Give a positive case of a state-checked operation the state its server checks."""
    fixer = FIXERS.get(case.operation.label)
    if fixer is not None and case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE:
        fixer(case)
    return case
