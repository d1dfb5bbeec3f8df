from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.initiate_source_connection_body import InitiateSourceConnectionBody
from ...models.initiate_source_connection_response_200 import (
    InitiateSourceConnectionResponse200,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: InitiateSourceConnectionBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/sources/connect/initiate",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InitiateSourceConnectionResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = InitiateSourceConnectionResponse200.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InitiateSourceConnectionResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: InitiateSourceConnectionBody,
) -> Response[InitiateSourceConnectionResponse200 | Problem]:
    """Start an OAuth connection (OWNER or ADMIN): authorization URL and single-use state (PKCE S256)

    Args:
        body (InitiateSourceConnectionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InitiateSourceConnectionResponse200 | Problem]
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
    body: InitiateSourceConnectionBody,
) -> InitiateSourceConnectionResponse200 | Problem | None:
    """Start an OAuth connection (OWNER or ADMIN): authorization URL and single-use state (PKCE S256)

    Args:
        body (InitiateSourceConnectionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InitiateSourceConnectionResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: InitiateSourceConnectionBody,
) -> Response[InitiateSourceConnectionResponse200 | Problem]:
    """Start an OAuth connection (OWNER or ADMIN): authorization URL and single-use state (PKCE S256)

    Args:
        body (InitiateSourceConnectionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InitiateSourceConnectionResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: InitiateSourceConnectionBody,
) -> InitiateSourceConnectionResponse200 | Problem | None:
    """Start an OAuth connection (OWNER or ADMIN): authorization URL and single-use state (PKCE S256)

    Args:
        body (InitiateSourceConnectionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InitiateSourceConnectionResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
