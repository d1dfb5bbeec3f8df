from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_email_forwarding_allowlist_entry_response_200 import (
    DeleteEmailForwardingAllowlistEntryResponse200,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    entry_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/sources/email-forwarding/allowlist/{entry_id}".format(
            entry_id=quote(str(entry_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeleteEmailForwardingAllowlistEntryResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = DeleteEmailForwardingAllowlistEntryResponse200.from_dict(
            response.json()
        )

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
) -> Response[DeleteEmailForwardingAllowlistEntryResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[DeleteEmailForwardingAllowlistEntryResponse200 | Problem]:
    """Remove an allowlist entry (OWNER or ADMIN); answers the removed entry

    Args:
        entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteEmailForwardingAllowlistEntryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        entry_id=entry_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> DeleteEmailForwardingAllowlistEntryResponse200 | Problem | None:
    """Remove an allowlist entry (OWNER or ADMIN); answers the removed entry

    Args:
        entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteEmailForwardingAllowlistEntryResponse200 | Problem
    """

    return sync_detailed(
        entry_id=entry_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[DeleteEmailForwardingAllowlistEntryResponse200 | Problem]:
    """Remove an allowlist entry (OWNER or ADMIN); answers the removed entry

    Args:
        entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteEmailForwardingAllowlistEntryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        entry_id=entry_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> DeleteEmailForwardingAllowlistEntryResponse200 | Problem | None:
    """Remove an allowlist entry (OWNER or ADMIN); answers the removed entry

    Args:
        entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteEmailForwardingAllowlistEntryResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            entry_id=entry_id,
            client=client,
        )
    ).parsed
