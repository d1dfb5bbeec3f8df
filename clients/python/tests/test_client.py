"""The generated client against a real server: the calls of the README's "Python client" example."""

from __future__ import annotations

import io
import time
import uuid
from http import HTTPStatus

import httpx
import pytest
from conftest import ROOT, Server

from service_client import AuthenticatedClient
from service_client.api.documents import create_document, get_document, list_documents
from service_client.api.ontology import replace_ontology
from service_client.api.operations import get_health
from service_client.api.organizations import create_organization
from service_client.api.users import get_current_user
from service_client.models import (
    CreateDocumentBody,
    Document,
    DocumentStatus,
    ListDocumentsPageable,
    ListDocumentsResponse200,
    OntologyLabelInput,
    OntologyLabelInputFieldsItem,
    OntologyLabelInputFieldsItemDtype,
    OntologyUpdateRequestInput,
    OntologyUpdateResponse,
    Organization,
    OrganizationCreateRequestInput,
    Problem,
    UploadedDocument,
    UserProfile,
)
from service_client.types import File, Unset

# The repository's own demo corpus has the same file as the full one (../shared/corpus).
_SHARED = ROOT.parent / "shared" / "corpus"
CORPUS = _SHARED if _SHARED.is_dir() else ROOT / "demo-corpus"
NDA = CORPUS / "agreements-md" / "commonpaper" / "Mutual-NDA" / "Mutual-NDA.md"
PROCESSING_TIMEOUT_S = 300.0


@pytest.fixture(scope="module")
def client(server: Server) -> AuthenticatedClient:
    """A client authenticated with the bootstrap SYSTEM_ADMIN's API key."""
    return AuthenticatedClient(
        base_url=server.base_url, token=server.api_key, timeout=httpx.Timeout(30.0)
    )


def wait_processed(client: AuthenticatedClient, document_id: uuid.UUID) -> Document:
    """Polls GET /documents/{id} until the document left RECEIVED/PROCESSING; the last answer."""
    deadline = time.monotonic() + PROCESSING_TIMEOUT_S
    while True:
        document = get_document.sync(id=document_id, client=client)
        assert isinstance(document, Document)
        if document.status not in (DocumentStatus.RECEIVED, DocumentStatus.PROCESSING):
            return document
        assert time.monotonic() < deadline, f"{document.status} after {PROCESSING_TIMEOUT_S} s"
        time.sleep(1.0)


def test_health_and_the_callers_profile(client: AuthenticatedClient) -> None:
    health = get_health.sync_detailed(client=client)
    assert health.status_code == HTTPStatus.OK
    me = get_current_user.sync(client=client)
    assert isinstance(me, UserProfile)
    assert me.email == "admin@localhost"


def test_a_document_through_an_organization_of_its_own(client: AuthenticatedClient) -> None:
    org = create_organization.sync(
        client=client, body=OrganizationCreateRequestInput(name="Python client test")
    )
    assert isinstance(org, Organization)
    # The creator is the organization's OWNER; the header selects it for the calls below.
    in_org = client.with_headers({"X-Organization-Id": str(org.id)})

    ontology = replace_ontology.sync(
        client=in_org,
        body=OntologyUpdateRequestInput(
            labels=[
                OntologyLabelInput(
                    name="NDA",
                    keywords=["non-disclosure", "confidential information"],
                    fields=[
                        OntologyLabelInputFieldsItem(
                            name="effective_date", dtype=OntologyLabelInputFieldsItemDtype.DATE
                        )
                    ],
                    children=[],
                )
            ]
        ),
    )
    assert isinstance(ontology, OntologyUpdateResponse)
    assert [label.name for label in ontology.labels] == ["NDA"]

    uploaded = create_document.sync(
        client=in_org,
        body=CreateDocumentBody(
            file=File(
                payload=io.BytesIO(NDA.read_bytes()), file_name=NDA.name, mime_type="text/markdown"
            )
        ),
    )
    assert isinstance(uploaded, UploadedDocument)
    assert uploaded.filename == "Mutual-NDA.md"

    document = wait_processed(in_org, uploaded.id)
    assert document.status == DocumentStatus.PROCESSED, document.error
    assert document.labels == ["NDA"]

    listed = list_documents.sync(client=in_org, pageable=ListDocumentsPageable(size=10))
    assert isinstance(listed, ListDocumentsResponse200)
    assert [d.id for d in listed.content] == [uploaded.id]


def test_an_error_answer_is_the_problem_body(client: AuthenticatedClient) -> None:
    missing = get_document.sync_detailed(id=uuid.uuid4(), client=client)
    assert missing.status_code == HTTPStatus.NOT_FOUND
    assert isinstance(missing.parsed, Problem)
    assert (missing.parsed.status, missing.parsed.title) == (404, "Not Found")

    invalid = list_documents.sync(client=client, pageable=ListDocumentsPageable(size=1000))
    assert isinstance(invalid, Problem)
    assert invalid.status == 400
    assert not isinstance(invalid.errors, Unset)
    assert [e.field for e in invalid.errors] == ["query.size"]


def test_the_readme_example_runs(
    server: Server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python client", 1)[1]
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    code = example.replace("http://127.0.0.1:8080", server.base_url)
    exec(compile(code, "README.md", "exec"), {"KEY": server.api_key})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ok admin@localhost"
    assert out[1] == "PROCESSED ['NDA']"
    assert out[-1] == "400 ['query.size']"
