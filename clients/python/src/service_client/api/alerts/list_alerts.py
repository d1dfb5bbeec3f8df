from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.alert_list import AlertList
from ...models.list_alerts_kind import ListAlertsKind
from ...models.list_alerts_order import ListAlertsOrder
from ...models.list_alerts_sort import ListAlertsSort
from ...models.list_alerts_status import ListAlertsStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListAlertsStatus | Unset = UNSET,
    kind: ListAlertsKind | Unset = UNSET,
    sort: ListAlertsSort | Unset = ListAlertsSort.CREATED_AT,
    order: ListAlertsOrder | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/alerts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AlertList | Problem | None:
    if response.status_code == 200:
        response_200 = AlertList.from_dict(response.json())

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
) -> Response[AlertList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListAlertsStatus | Unset = UNSET,
    kind: ListAlertsKind | Unset = UNSET,
    sort: ListAlertsSort | Unset = ListAlertsSort.CREATED_AT,
    order: ListAlertsOrder | Unset = UNSET,
) -> Response[AlertList | Problem]:
    """List alerts, newest first or by due date (filters status, kind); envelope {data, meta}

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListAlertsStatus | Unset):
        kind (ListAlertsKind | Unset):
        sort (ListAlertsSort | Unset):  Default: ListAlertsSort.CREATED_AT.
        order (ListAlertsOrder | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertList | Problem]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        status=status,
        kind=kind,
        sort=sort,
        order=order,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListAlertsStatus | Unset = UNSET,
    kind: ListAlertsKind | Unset = UNSET,
    sort: ListAlertsSort | Unset = ListAlertsSort.CREATED_AT,
    order: ListAlertsOrder | Unset = UNSET,
) -> AlertList | Problem | None:
    """List alerts, newest first or by due date (filters status, kind); envelope {data, meta}

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListAlertsStatus | Unset):
        kind (ListAlertsKind | Unset):
        sort (ListAlertsSort | Unset):  Default: ListAlertsSort.CREATED_AT.
        order (ListAlertsOrder | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertList | Problem
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        status=status,
        kind=kind,
        sort=sort,
        order=order,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListAlertsStatus | Unset = UNSET,
    kind: ListAlertsKind | Unset = UNSET,
    sort: ListAlertsSort | Unset = ListAlertsSort.CREATED_AT,
    order: ListAlertsOrder | Unset = UNSET,
) -> Response[AlertList | Problem]:
    """List alerts, newest first or by due date (filters status, kind); envelope {data, meta}

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListAlertsStatus | Unset):
        kind (ListAlertsKind | Unset):
        sort (ListAlertsSort | Unset):  Default: ListAlertsSort.CREATED_AT.
        order (ListAlertsOrder | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertList | Problem]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        status=status,
        kind=kind,
        sort=sort,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListAlertsStatus | Unset = UNSET,
    kind: ListAlertsKind | Unset = UNSET,
    sort: ListAlertsSort | Unset = ListAlertsSort.CREATED_AT,
    order: ListAlertsOrder | Unset = UNSET,
) -> AlertList | Problem | None:
    """List alerts, newest first or by due date (filters status, kind); envelope {data, meta}

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListAlertsStatus | Unset):
        kind (ListAlertsKind | Unset):
        sort (ListAlertsSort | Unset):  Default: ListAlertsSort.CREATED_AT.
        order (ListAlertsOrder | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            status=status,
            kind=kind,
            sort=sort,
            order=order,
        )
    ).parsed
