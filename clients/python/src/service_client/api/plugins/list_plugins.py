from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_plugins_pageable import ListPluginsPageable
from ...models.list_plugins_response_200 import ListPluginsResponse200
from ...models.list_plugins_type import ListPluginsType
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    type_: ListPluginsType | Unset = UNSET,
    q: str | Unset = UNSET,
    pageable: ListPluginsPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params["q"] = q

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/plugins",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListPluginsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListPluginsResponse200.from_dict(response.json())

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
) -> Response[ListPluginsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    type_: ListPluginsType | Unset = UNSET,
    q: str | Unset = UNSET,
    pageable: ListPluginsPageable,
) -> Response[ListPluginsResponse200 | Problem]:
    """List the organization’s plugins (filter by type and by part of the name)

    Args:
        type_ (ListPluginsType | Unset):
        q (str | Unset):
        pageable (ListPluginsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListPluginsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        type_=type_,
        q=q,
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    type_: ListPluginsType | Unset = UNSET,
    q: str | Unset = UNSET,
    pageable: ListPluginsPageable,
) -> ListPluginsResponse200 | Problem | None:
    """List the organization’s plugins (filter by type and by part of the name)

    Args:
        type_ (ListPluginsType | Unset):
        q (str | Unset):
        pageable (ListPluginsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListPluginsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        type_=type_,
        q=q,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    type_: ListPluginsType | Unset = UNSET,
    q: str | Unset = UNSET,
    pageable: ListPluginsPageable,
) -> Response[ListPluginsResponse200 | Problem]:
    """List the organization’s plugins (filter by type and by part of the name)

    Args:
        type_ (ListPluginsType | Unset):
        q (str | Unset):
        pageable (ListPluginsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListPluginsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        type_=type_,
        q=q,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    type_: ListPluginsType | Unset = UNSET,
    q: str | Unset = UNSET,
    pageable: ListPluginsPageable,
) -> ListPluginsResponse200 | Problem | None:
    """List the organization’s plugins (filter by type and by part of the name)

    Args:
        type_ (ListPluginsType | Unset):
        q (str | Unset):
        pageable (ListPluginsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListPluginsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            type_=type_,
            q=q,
            pageable=pageable,
        )
    ).parsed
