from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_document_body import CreateDocumentBody
from ...models.problem import Problem
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
) -> Problem | UploadedDocument | None:
    if response.status_code == 202:
        response_202 = UploadedDocument.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | UploadedDocument]:
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
) -> Response[Problem | UploadedDocument]:
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UploadedDocument]
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
) -> Problem | UploadedDocument | None:
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UploadedDocument
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentBody,
) -> Response[Problem | UploadedDocument]:
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UploadedDocument]
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
) -> Problem | UploadedDocument | None:
    """Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)

     The type is detected from the bytes. The same bytes already in the organization answer the existing
    document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.

    Args:
        body (CreateDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UploadedDocument
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
