from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.update_email_forwarding_allowlist_entry_body import (
    UpdateEmailForwardingAllowlistEntryBody,
)
from ...models.update_email_forwarding_allowlist_entry_response_200 import (
    UpdateEmailForwardingAllowlistEntryResponse200,
)
from ...types import Response


def _get_kwargs(
    entry_id: UUID,
    *,
    body: UpdateEmailForwardingAllowlistEntryBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/sources/email-forwarding/allowlist/{entry_id}".format(
            entry_id=quote(str(entry_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | UpdateEmailForwardingAllowlistEntryResponse200 | None:
    if response.status_code == 200:
        response_200 = UpdateEmailForwardingAllowlistEntryResponse200.from_dict(
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
) -> Response[Problem | UpdateEmailForwardingAllowlistEntryResponse200]:
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
    body: UpdateEmailForwardingAllowlistEntryBody,
) -> Response[Problem | UpdateEmailForwardingAllowlistEntryResponse200]:
    """Change an allowlist entry (OWNER or ADMIN)

    Args:
        entry_id (UUID):
        body (UpdateEmailForwardingAllowlistEntryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UpdateEmailForwardingAllowlistEntryResponse200]
    """

    kwargs = _get_kwargs(
        entry_id=entry_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateEmailForwardingAllowlistEntryBody,
) -> Problem | UpdateEmailForwardingAllowlistEntryResponse200 | None:
    """Change an allowlist entry (OWNER or ADMIN)

    Args:
        entry_id (UUID):
        body (UpdateEmailForwardingAllowlistEntryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UpdateEmailForwardingAllowlistEntryResponse200
    """

    return sync_detailed(
        entry_id=entry_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateEmailForwardingAllowlistEntryBody,
) -> Response[Problem | UpdateEmailForwardingAllowlistEntryResponse200]:
    """Change an allowlist entry (OWNER or ADMIN)

    Args:
        entry_id (UUID):
        body (UpdateEmailForwardingAllowlistEntryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UpdateEmailForwardingAllowlistEntryResponse200]
    """

    kwargs = _get_kwargs(
        entry_id=entry_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateEmailForwardingAllowlistEntryBody,
) -> Problem | UpdateEmailForwardingAllowlistEntryResponse200 | None:
    """Change an allowlist entry (OWNER or ADMIN)

    Args:
        entry_id (UUID):
        body (UpdateEmailForwardingAllowlistEntryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UpdateEmailForwardingAllowlistEntryResponse200
    """

    return (
        await asyncio_detailed(
            entry_id=entry_id,
            client=client,
            body=body,
        )
    ).parsed
