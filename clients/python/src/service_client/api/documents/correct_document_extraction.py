from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.correct_extraction_request_input import CorrectExtractionRequestInput
from ...models.document import Document
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: CorrectExtractionRequestInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/documents/{id}/extraction".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Document | Problem | None:
    if response.status_code == 200:
        response_200 = Document.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Document | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectExtractionRequestInput,
) -> Response[Document | Problem]:
    """Correct extracted field values (OWNER or ADMIN); the original values are kept

     Each value is checked against its field's dtype; null clears a field. The answer's
    `extraction.corrections` records, per field, the value, what the plugin read (`original`), who
    corrected it and when. The contract record is derived again, `document.extracted` is emitted with
    `corrected_fields`, and the labels become confirmed (a training example of the classifier) when they
    are a path of the current ontology. A reprocess keeps corrected values.

    Args:
        id (UUID):
        body (CorrectExtractionRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Document | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectExtractionRequestInput,
) -> Document | Problem | None:
    """Correct extracted field values (OWNER or ADMIN); the original values are kept

     Each value is checked against its field's dtype; null clears a field. The answer's
    `extraction.corrections` records, per field, the value, what the plugin read (`original`), who
    corrected it and when. The contract record is derived again, `document.extracted` is emitted with
    `corrected_fields`, and the labels become confirmed (a training example of the classifier) when they
    are a path of the current ontology. A reprocess keeps corrected values.

    Args:
        id (UUID):
        body (CorrectExtractionRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Document | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectExtractionRequestInput,
) -> Response[Document | Problem]:
    """Correct extracted field values (OWNER or ADMIN); the original values are kept

     Each value is checked against its field's dtype; null clears a field. The answer's
    `extraction.corrections` records, per field, the value, what the plugin read (`original`), who
    corrected it and when. The contract record is derived again, `document.extracted` is emitted with
    `corrected_fields`, and the labels become confirmed (a training example of the classifier) when they
    are a path of the current ontology. A reprocess keeps corrected values.

    Args:
        id (UUID):
        body (CorrectExtractionRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Document | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectExtractionRequestInput,
) -> Document | Problem | None:
    """Correct extracted field values (OWNER or ADMIN); the original values are kept

     Each value is checked against its field's dtype; null clears a field. The answer's
    `extraction.corrections` records, per field, the value, what the plugin read (`original`), who
    corrected it and when. The contract record is derived again, `document.extracted` is emitted with
    `corrected_fields`, and the labels become confirmed (a training example of the classifier) when they
    are a path of the current ontology. A reprocess keeps corrected values.

    Args:
        id (UUID):
        body (CorrectExtractionRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Document | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
