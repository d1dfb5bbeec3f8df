from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_document_body import CreateDocumentBody
from ...models.create_document_response_400 import CreateDocumentResponse400
from ...models.create_document_response_401 import CreateDocumentResponse401
from ...models.create_document_response_403 import CreateDocumentResponse403
from ...models.create_document_response_413 import CreateDocumentResponse413
from ...models.create_document_response_415 import CreateDocumentResponse415
from ...models.create_document_response_429 import CreateDocumentResponse429
from ...models.uploaded_document import UploadedDocument
from ...types import Response


def _get_kwargs(
    *,
    body: CreateDocumentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/documents",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CreateDocumentResponse400
    | CreateDocumentResponse401
    | CreateDocumentResponse403
    | CreateDocumentResponse413
    | CreateDocumentResponse415
    | CreateDocumentResponse429
    | UploadedDocument
    | None
):
    if response.status_code == 202:
        response_202 = UploadedDocument.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = CreateDocumentResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CreateDocumentResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CreateDocumentResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = CreateDocumentResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = CreateDocumentResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = CreateDocumentResponse429.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CreateDocumentResponse400
    | CreateDocumentResponse401
    | CreateDocumentResponse403
    | CreateDocumentResponse413
    | CreateDocumentResponse415
    | CreateDocumentResponse429
    | UploadedDocument
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentBody,
) -> Response[
    CreateDocumentResponse400
    | CreateDocumentResponse401
    | CreateDocumentResponse403
    | CreateDocumentResponse413
    | CreateDocumentResponse415
    | CreateDocumentResponse429
    | UploadedDocument
]:
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateDocumentResponse400 | CreateDocumentResponse401 | CreateDocumentResponse403 | CreateDocumentResponse413 | CreateDocumentResponse415 | CreateDocumentResponse429 | UploadedDocument]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentBody,
) -> (
    CreateDocumentResponse400
    | CreateDocumentResponse401
    | CreateDocumentResponse403
    | CreateDocumentResponse413
    | CreateDocumentResponse415
    | CreateDocumentResponse429
    | UploadedDocument
    | None
):
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateDocumentResponse400 | CreateDocumentResponse401 | CreateDocumentResponse403 | CreateDocumentResponse413 | CreateDocumentResponse415 | CreateDocumentResponse429 | UploadedDocument
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentBody,
) -> Response[
    CreateDocumentResponse400
    | CreateDocumentResponse401
    | CreateDocumentResponse403
    | CreateDocumentResponse413
    | CreateDocumentResponse415
    | CreateDocumentResponse429
    | UploadedDocument
]:
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateDocumentResponse400 | CreateDocumentResponse401 | CreateDocumentResponse403 | CreateDocumentResponse413 | CreateDocumentResponse415 | CreateDocumentResponse429 | UploadedDocument]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentBody,
) -> (
    CreateDocumentResponse400
    | CreateDocumentResponse401
    | CreateDocumentResponse403
    | CreateDocumentResponse413
    | CreateDocumentResponse415
    | CreateDocumentResponse429
    | UploadedDocument
    | None
):
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateDocumentResponse400 | CreateDocumentResponse401 | CreateDocumentResponse403 | CreateDocumentResponse413 | CreateDocumentResponse415 | CreateDocumentResponse429 | UploadedDocument
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
