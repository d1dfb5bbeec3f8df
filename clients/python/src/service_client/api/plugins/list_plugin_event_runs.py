from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_plugin_event_runs_pageable import ListPluginEventRunsPageable
from ...models.list_plugin_event_runs_response_200 import ListPluginEventRunsResponse200
from ...models.list_plugin_event_runs_status import ListPluginEventRunsStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    status: ListPluginEventRunsStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
    pageable: ListPluginEventRunsPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["event_type"] = event_type

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/plugins/{id}/event-runs".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListPluginEventRunsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListPluginEventRunsResponse200.from_dict(response.json())

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
) -> Response[ListPluginEventRunsResponse200 | Problem]:
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
    status: ListPluginEventRunsStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
    pageable: ListPluginEventRunsPageable,
) -> Response[ListPluginEventRunsResponse200 | Problem]:
    """Runs of the plugin’s event handlers (@on_event), newest first, with every attempt

     One run per event delivered to the plugin (its current version at dispatch declared a matching
    handler). Each attempt has the handle_event result, the error of a failed run and the log lines of
    the handlers. Failed runs are retried on SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE (status PENDING
    meanwhile).

    Args:
        id (UUID):
        status (ListPluginEventRunsStatus | Unset):
        event_type (str | Unset):
        pageable (ListPluginEventRunsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListPluginEventRunsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        status=status,
        event_type=event_type,
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
    status: ListPluginEventRunsStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
    pageable: ListPluginEventRunsPageable,
) -> ListPluginEventRunsResponse200 | Problem | None:
    """Runs of the plugin’s event handlers (@on_event), newest first, with every attempt

     One run per event delivered to the plugin (its current version at dispatch declared a matching
    handler). Each attempt has the handle_event result, the error of a failed run and the log lines of
    the handlers. Failed runs are retried on SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE (status PENDING
    meanwhile).

    Args:
        id (UUID):
        status (ListPluginEventRunsStatus | Unset):
        event_type (str | Unset):
        pageable (ListPluginEventRunsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListPluginEventRunsResponse200 | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        status=status,
        event_type=event_type,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ListPluginEventRunsStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
    pageable: ListPluginEventRunsPageable,
) -> Response[ListPluginEventRunsResponse200 | Problem]:
    """Runs of the plugin’s event handlers (@on_event), newest first, with every attempt

     One run per event delivered to the plugin (its current version at dispatch declared a matching
    handler). Each attempt has the handle_event result, the error of a failed run and the log lines of
    the handlers. Failed runs are retried on SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE (status PENDING
    meanwhile).

    Args:
        id (UUID):
        status (ListPluginEventRunsStatus | Unset):
        event_type (str | Unset):
        pageable (ListPluginEventRunsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListPluginEventRunsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        status=status,
        event_type=event_type,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ListPluginEventRunsStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
    pageable: ListPluginEventRunsPageable,
) -> ListPluginEventRunsResponse200 | Problem | None:
    """Runs of the plugin’s event handlers (@on_event), newest first, with every attempt

     One run per event delivered to the plugin (its current version at dispatch declared a matching
    handler). Each attempt has the handle_event result, the error of a failed run and the log lines of
    the handlers. Failed runs are retried on SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE (status PENDING
    meanwhile).

    Args:
        id (UUID):
        status (ListPluginEventRunsStatus | Unset):
        event_type (str | Unset):
        pageable (ListPluginEventRunsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListPluginEventRunsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            status=status,
            event_type=event_type,
            pageable=pageable,
        )
    ).parsed
