import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contract_list import ContractList
from ...models.list_contracts_order import ListContractsOrder
from ...models.list_contracts_sort import ListContractsSort
from ...models.list_contracts_status import ListContractsStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListContractsStatus | Unset = UNSET,
    vendor: str | Unset = UNSET,
    renewal_before: datetime.date | Unset = UNSET,
    sort: ListContractsSort | Unset = ListContractsSort.RENEWAL_DATE,
    order: ListContractsOrder | Unset = ListContractsOrder.ASC,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["vendor"] = vendor

    json_renewal_before: str | Unset = UNSET
    if not isinstance(renewal_before, Unset):
        json_renewal_before = renewal_before.isoformat()
    params["renewal_before"] = json_renewal_before

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
        "url": "/api/contracts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContractList | Problem | None:
    if response.status_code == 200:
        response_200 = ContractList.from_dict(response.json())

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
) -> Response[ContractList | Problem]:
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
    status: ListContractsStatus | Unset = UNSET,
    vendor: str | Unset = UNSET,
    renewal_before: datetime.date | Unset = UNSET,
    sort: ListContractsSort | Unset = ListContractsSort.RENEWAL_DATE,
    order: ListContractsOrder | Unset = ListContractsOrder.ASC,
) -> Response[ContractList | Problem]:
    """List contracts; envelope {data, meta: {total, page, per_page}} (spec 2.2)

     page is 1-based; per_page defaults to 20, at most 100. Filters: status, vendor (substring, any
    case), renewal_before (renewal_date < the date). Sort by renewal_date (default), annual_value or
    vendor; order asc (default) or desc; nulls last.

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListContractsStatus | Unset):
        vendor (str | Unset):
        renewal_before (datetime.date | Unset):
        sort (ListContractsSort | Unset):  Default: ListContractsSort.RENEWAL_DATE.
        order (ListContractsOrder | Unset):  Default: ListContractsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractList | Problem]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        status=status,
        vendor=vendor,
        renewal_before=renewal_before,
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
    status: ListContractsStatus | Unset = UNSET,
    vendor: str | Unset = UNSET,
    renewal_before: datetime.date | Unset = UNSET,
    sort: ListContractsSort | Unset = ListContractsSort.RENEWAL_DATE,
    order: ListContractsOrder | Unset = ListContractsOrder.ASC,
) -> ContractList | Problem | None:
    """List contracts; envelope {data, meta: {total, page, per_page}} (spec 2.2)

     page is 1-based; per_page defaults to 20, at most 100. Filters: status, vendor (substring, any
    case), renewal_before (renewal_date < the date). Sort by renewal_date (default), annual_value or
    vendor; order asc (default) or desc; nulls last.

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListContractsStatus | Unset):
        vendor (str | Unset):
        renewal_before (datetime.date | Unset):
        sort (ListContractsSort | Unset):  Default: ListContractsSort.RENEWAL_DATE.
        order (ListContractsOrder | Unset):  Default: ListContractsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractList | Problem
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        status=status,
        vendor=vendor,
        renewal_before=renewal_before,
        sort=sort,
        order=order,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    status: ListContractsStatus | Unset = UNSET,
    vendor: str | Unset = UNSET,
    renewal_before: datetime.date | Unset = UNSET,
    sort: ListContractsSort | Unset = ListContractsSort.RENEWAL_DATE,
    order: ListContractsOrder | Unset = ListContractsOrder.ASC,
) -> Response[ContractList | Problem]:
    """List contracts; envelope {data, meta: {total, page, per_page}} (spec 2.2)

     page is 1-based; per_page defaults to 20, at most 100. Filters: status, vendor (substring, any
    case), renewal_before (renewal_date < the date). Sort by renewal_date (default), annual_value or
    vendor; order asc (default) or desc; nulls last.

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListContractsStatus | Unset):
        vendor (str | Unset):
        renewal_before (datetime.date | Unset):
        sort (ListContractsSort | Unset):  Default: ListContractsSort.RENEWAL_DATE.
        order (ListContractsOrder | Unset):  Default: ListContractsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContractList | Problem]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        status=status,
        vendor=vendor,
        renewal_before=renewal_before,
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
    status: ListContractsStatus | Unset = UNSET,
    vendor: str | Unset = UNSET,
    renewal_before: datetime.date | Unset = UNSET,
    sort: ListContractsSort | Unset = ListContractsSort.RENEWAL_DATE,
    order: ListContractsOrder | Unset = ListContractsOrder.ASC,
) -> ContractList | Problem | None:
    """List contracts; envelope {data, meta: {total, page, per_page}} (spec 2.2)

     page is 1-based; per_page defaults to 20, at most 100. Filters: status, vendor (substring, any
    case), renewal_before (renewal_date < the date). Sort by renewal_date (default), annual_value or
    vendor; order asc (default) or desc; nulls last.

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        status (ListContractsStatus | Unset):
        vendor (str | Unset):
        renewal_before (datetime.date | Unset):
        sort (ListContractsSort | Unset):  Default: ListContractsSort.RENEWAL_DATE.
        order (ListContractsOrder | Unset):  Default: ListContractsOrder.ASC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContractList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            status=status,
            vendor=vendor,
            renewal_before=renewal_before,
            sort=sort,
            order=order,
        )
    ).parsed
