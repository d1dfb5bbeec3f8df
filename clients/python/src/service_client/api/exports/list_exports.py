from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_exports_pageable import ListExportsPageable
from ...models.list_exports_response_200 import ListExportsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    pageable: ListExportsPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/exports",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListExportsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListExportsResponse200.from_dict(response.json())

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
) -> Response[ListExportsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    pageable: ListExportsPageable,
) -> Response[ListExportsResponse200 | Problem]:
    """Exports of the active organization, newest first (OWNER)

    Args:
        pageable (ListExportsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListExportsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    pageable: ListExportsPageable,
) -> ListExportsResponse200 | Problem | None:
    """Exports of the active organization, newest first (OWNER)

    Args:
        pageable (ListExportsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListExportsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    pageable: ListExportsPageable,
) -> Response[ListExportsResponse200 | Problem]:
    """Exports of the active organization, newest first (OWNER)

    Args:
        pageable (ListExportsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListExportsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    pageable: ListExportsPageable,
) -> ListExportsResponse200 | Problem | None:
    """Exports of the active organization, newest first (OWNER)

    Args:
        pageable (ListExportsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListExportsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            pageable=pageable,
        )
    ).parsed
