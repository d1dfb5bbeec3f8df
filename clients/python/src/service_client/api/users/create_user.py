from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_user_request_input import CreateUserRequestInput
from ...models.problem import Problem
from ...models.user_profile import UserProfile
from ...types import Response


def _get_kwargs(
    *,
    body: CreateUserRequestInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/users",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | UserProfile | None:
    if response.status_code == 200:
        response_200 = UserProfile.from_dict(response.json())

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
) -> Response[Problem | UserProfile]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateUserRequestInput,
) -> Response[Problem | UserProfile]:
    """Add a user by email to the active organization (OWNER or ADMIN)

     Answers the profile of the user the organization now has, the same way whether or not an account has
    the address: an invitation is mailed either way. A new address becomes a user and a member at once
    (a later sign-in with it links to it); for an address that has an account the organization gets a
    stand-in member with the email and name it gave, which becomes the person’s own membership when they
    accept the invitation.

    Args:
        body (CreateUserRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UserProfile]
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
    body: CreateUserRequestInput,
) -> Problem | UserProfile | None:
    """Add a user by email to the active organization (OWNER or ADMIN)

     Answers the profile of the user the organization now has, the same way whether or not an account has
    the address: an invitation is mailed either way. A new address becomes a user and a member at once
    (a later sign-in with it links to it); for an address that has an account the organization gets a
    stand-in member with the email and name it gave, which becomes the person’s own membership when they
    accept the invitation.

    Args:
        body (CreateUserRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UserProfile
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateUserRequestInput,
) -> Response[Problem | UserProfile]:
    """Add a user by email to the active organization (OWNER or ADMIN)

     Answers the profile of the user the organization now has, the same way whether or not an account has
    the address: an invitation is mailed either way. A new address becomes a user and a member at once
    (a later sign-in with it links to it); for an address that has an account the organization gets a
    stand-in member with the email and name it gave, which becomes the person’s own membership when they
    accept the invitation.

    Args:
        body (CreateUserRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UserProfile]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateUserRequestInput,
) -> Problem | UserProfile | None:
    """Add a user by email to the active organization (OWNER or ADMIN)

     Answers the profile of the user the organization now has, the same way whether or not an account has
    the address: an invitation is mailed either way. A new address becomes a user and a member at once
    (a later sign-in with it links to it); for an address that has an account the organization gets a
    stand-in member with the email and name it gave, which becomes the person’s own membership when they
    accept the invitation.

    Args:
        body (CreateUserRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UserProfile
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
