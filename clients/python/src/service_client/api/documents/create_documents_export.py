from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_documents_export_body import CreateDocumentsExportBody
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreateDocumentsExportBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/documents/export",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentsExportBody,
) -> Response[Problem | str]:
    """Download a selection of documents: CSV of their extracted values, or a ZIP with the originals

     Any member. 200 with `text/csv` or `application/zip` (`Content-Disposition: attachment`); 404 naming
    each id that is not a document of the organization. Audited as `document.export`.

    Args:
        body (CreateDocumentsExportBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
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
    body: CreateDocumentsExportBody,
) -> Problem | str | None:
    """Download a selection of documents: CSV of their extracted values, or a ZIP with the originals

     Any member. 200 with `text/csv` or `application/zip` (`Content-Disposition: attachment`); 404 naming
    each id that is not a document of the organization. Audited as `document.export`.

    Args:
        body (CreateDocumentsExportBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentsExportBody,
) -> Response[Problem | str]:
    """Download a selection of documents: CSV of their extracted values, or a ZIP with the originals

     Any member. 200 with `text/csv` or `application/zip` (`Content-Disposition: attachment`); 404 naming
    each id that is not a document of the organization. Audited as `document.export`.

    Args:
        body (CreateDocumentsExportBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDocumentsExportBody,
) -> Problem | str | None:
    """Download a selection of documents: CSV of their extracted values, or a ZIP with the originals

     Any member. 200 with `text/csv` or `application/zip` (`Content-Disposition: attachment`); 404 naming
    each id that is not a document of the organization. Audited as `document.export`.

    Args:
        body (CreateDocumentsExportBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
