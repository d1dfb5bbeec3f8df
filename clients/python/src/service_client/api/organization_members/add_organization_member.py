from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.add_member_request_input import AddMemberRequestInput
from ...models.membership import Membership
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    org_id: UUID,
    *,
    body: AddMemberRequestInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/organizations/{org_id}/members".format(
            org_id=quote(str(org_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Membership | Problem | None:
    if response.status_code == 200:
        response_200 = Membership.from_dict(response.json())

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
) -> Response[Membership | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    org_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AddMemberRequestInput,
) -> Response[Membership | Problem]:
    """Add a member by user id or by email (OWNER or ADMIN)

     With `user_id` the user becomes a member at once. With `email` an invitation is mailed and the
    answer is the created membership either way: of a new user when no account has the address, else of
    a stand-in that becomes the person’s own membership when they accept (the answer does not tell
    which).

    Args:
        org_id (UUID):
        body (AddMemberRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Membership | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    org_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AddMemberRequestInput,
) -> Membership | Problem | None:
    """Add a member by user id or by email (OWNER or ADMIN)

     With `user_id` the user becomes a member at once. With `email` an invitation is mailed and the
    answer is the created membership either way: of a new user when no account has the address, else of
    a stand-in that becomes the person’s own membership when they accept (the answer does not tell
    which).

    Args:
        org_id (UUID):
        body (AddMemberRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Membership | Problem
    """

    return sync_detailed(
        org_id=org_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    org_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AddMemberRequestInput,
) -> Response[Membership | Problem]:
    """Add a member by user id or by email (OWNER or ADMIN)

     With `user_id` the user becomes a member at once. With `email` an invitation is mailed and the
    answer is the created membership either way: of a new user when no account has the address, else of
    a stand-in that becomes the person’s own membership when they accept (the answer does not tell
    which).

    Args:
        org_id (UUID):
        body (AddMemberRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Membership | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    org_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AddMemberRequestInput,
) -> Membership | Problem | None:
    """Add a member by user id or by email (OWNER or ADMIN)

     With `user_id` the user becomes a member at once. With `email` an invitation is mailed and the
    answer is the created membership either way: of a new user when no account has the address, else of
    a stand-in that becomes the person’s own membership when they accept (the answer does not tell
    which).

    Args:
        org_id (UUID):
        body (AddMemberRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Membership | Problem
    """

    return (
        await asyncio_detailed(
            org_id=org_id,
            client=client,
            body=body,
        )
    ).parsed
