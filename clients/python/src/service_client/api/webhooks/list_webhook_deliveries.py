from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_webhook_deliveries_pageable import ListWebhookDeliveriesPageable
from ...models.list_webhook_deliveries_response_200 import (
    ListWebhookDeliveriesResponse200,
)
from ...models.list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    pageable: ListWebhookDeliveriesPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/{id}/deliveries".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListWebhookDeliveriesResponse200.from_dict(response.json())

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
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
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
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    pageable: ListWebhookDeliveriesPageable,
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    """The delivery log of an endpoint, newest first, with every attempt

    Args:
        id (UUID):
        status (ListWebhookDeliveriesStatus | Unset):
        pageable (ListWebhookDeliveriesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        status=status,
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    pageable: ListWebhookDeliveriesPageable,
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    """The delivery log of an endpoint, newest first, with every attempt

    Args:
        id (UUID):
        status (ListWebhookDeliveriesStatus | Unset):
        pageable (ListWebhookDeliveriesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesResponse200 | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        status=status,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    pageable: ListWebhookDeliveriesPageable,
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    """The delivery log of an endpoint, newest first, with every attempt

    Args:
        id (UUID):
        status (ListWebhookDeliveriesStatus | Unset):
        pageable (ListWebhookDeliveriesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        status=status,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    pageable: ListWebhookDeliveriesPageable,
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    """The delivery log of an endpoint, newest first, with every attempt

    Args:
        id (UUID):
        status (ListWebhookDeliveriesStatus | Unset):
        pageable (ListWebhookDeliveriesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            status=status,
            pageable=pageable,
        )
    ).parsed
