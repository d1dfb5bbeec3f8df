from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_users_deleted import ListUsersDeleted
from ...models.list_users_pageable import ListUsersPageable
from ...models.list_users_platform import ListUsersPlatform
from ...models.list_users_response_200 import ListUsersResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    deleted: ListUsersDeleted | Unset = ListUsersDeleted.EXCLUDE,
    q: str | Unset = UNSET,
    platform: ListUsersPlatform | Unset = UNSET,
    pageable: ListUsersPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_deleted: str | Unset = UNSET
    if not isinstance(deleted, Unset):
        json_deleted = deleted.value

    params["deleted"] = json_deleted

    params["q"] = q

    json_platform: str | Unset = UNSET
    if not isinstance(platform, Unset):
        json_platform = platform.value

    params["platform"] = json_platform

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/users",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListUsersResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListUsersResponse200.from_dict(response.json())

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
) -> Response[ListUsersResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    deleted: ListUsersDeleted | Unset = ListUsersDeleted.EXCLUDE,
    q: str | Unset = UNSET,
    platform: ListUsersPlatform | Unset = UNSET,
    pageable: ListUsersPageable,
) -> Response[ListUsersResponse200 | Problem]:
    """List the users of the active organization (OWNER or ADMIN)

     Live users only, unless `deleted` asks for soft-deleted ones too (`include`) or only (`only`), which
    only a SYSTEM_ADMIN may (403 otherwise): they are the users POST /users/{id}/restore restores. With
    `platform=true`, every user of the platform whatever organizations they belong to, for SYSTEM_ADMIN
    only (403 otherwise), each with all their roles.

    Args:
        deleted (ListUsersDeleted | Unset):  Default: ListUsersDeleted.EXCLUDE.
        q (str | Unset):
        platform (ListUsersPlatform | Unset):
        pageable (ListUsersPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListUsersResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        deleted=deleted,
        q=q,
        platform=platform,
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    deleted: ListUsersDeleted | Unset = ListUsersDeleted.EXCLUDE,
    q: str | Unset = UNSET,
    platform: ListUsersPlatform | Unset = UNSET,
    pageable: ListUsersPageable,
) -> ListUsersResponse200 | Problem | None:
    """List the users of the active organization (OWNER or ADMIN)

     Live users only, unless `deleted` asks for soft-deleted ones too (`include`) or only (`only`), which
    only a SYSTEM_ADMIN may (403 otherwise): they are the users POST /users/{id}/restore restores. With
    `platform=true`, every user of the platform whatever organizations they belong to, for SYSTEM_ADMIN
    only (403 otherwise), each with all their roles.

    Args:
        deleted (ListUsersDeleted | Unset):  Default: ListUsersDeleted.EXCLUDE.
        q (str | Unset):
        platform (ListUsersPlatform | Unset):
        pageable (ListUsersPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListUsersResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        deleted=deleted,
        q=q,
        platform=platform,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    deleted: ListUsersDeleted | Unset = ListUsersDeleted.EXCLUDE,
    q: str | Unset = UNSET,
    platform: ListUsersPlatform | Unset = UNSET,
    pageable: ListUsersPageable,
) -> Response[ListUsersResponse200 | Problem]:
    """List the users of the active organization (OWNER or ADMIN)

     Live users only, unless `deleted` asks for soft-deleted ones too (`include`) or only (`only`), which
    only a SYSTEM_ADMIN may (403 otherwise): they are the users POST /users/{id}/restore restores. With
    `platform=true`, every user of the platform whatever organizations they belong to, for SYSTEM_ADMIN
    only (403 otherwise), each with all their roles.

    Args:
        deleted (ListUsersDeleted | Unset):  Default: ListUsersDeleted.EXCLUDE.
        q (str | Unset):
        platform (ListUsersPlatform | Unset):
        pageable (ListUsersPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListUsersResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        deleted=deleted,
        q=q,
        platform=platform,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    deleted: ListUsersDeleted | Unset = ListUsersDeleted.EXCLUDE,
    q: str | Unset = UNSET,
    platform: ListUsersPlatform | Unset = UNSET,
    pageable: ListUsersPageable,
) -> ListUsersResponse200 | Problem | None:
    """List the users of the active organization (OWNER or ADMIN)

     Live users only, unless `deleted` asks for soft-deleted ones too (`include`) or only (`only`), which
    only a SYSTEM_ADMIN may (403 otherwise): they are the users POST /users/{id}/restore restores. With
    `platform=true`, every user of the platform whatever organizations they belong to, for SYSTEM_ADMIN
    only (403 otherwise), each with all their roles.

    Args:
        deleted (ListUsersDeleted | Unset):  Default: ListUsersDeleted.EXCLUDE.
        q (str | Unset):
        platform (ListUsersPlatform | Unset):
        pageable (ListUsersPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListUsersResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            deleted=deleted,
            q=q,
            platform=platform,
            pageable=pageable,
        )
    ).parsed
