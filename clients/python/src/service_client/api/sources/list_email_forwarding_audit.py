from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_email_forwarding_audit_decision import (
    ListEmailForwardingAuditDecision,
)
from ...models.list_email_forwarding_audit_pageable import (
    ListEmailForwardingAuditPageable,
)
from ...models.list_email_forwarding_audit_response_200 import (
    ListEmailForwardingAuditResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    decision: ListEmailForwardingAuditDecision | Unset = UNSET,
    pageable: ListEmailForwardingAuditPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_decision: str | Unset = UNSET
    if not isinstance(decision, Unset):
        json_decision = decision.value

    params["decision"] = json_decision

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/sources/email-forwarding/audit",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListEmailForwardingAuditResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListEmailForwardingAuditResponse200.from_dict(response.json())

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
) -> Response[ListEmailForwardingAuditResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    decision: ListEmailForwardingAuditDecision | Unset = UNSET,
    pageable: ListEmailForwardingAuditPageable,
) -> Response[ListEmailForwardingAuditResponse200 | Problem]:
    """Every decision about mail to the inbound address, newest first

    Args:
        decision (ListEmailForwardingAuditDecision | Unset):
        pageable (ListEmailForwardingAuditPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListEmailForwardingAuditResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        decision=decision,
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    decision: ListEmailForwardingAuditDecision | Unset = UNSET,
    pageable: ListEmailForwardingAuditPageable,
) -> ListEmailForwardingAuditResponse200 | Problem | None:
    """Every decision about mail to the inbound address, newest first

    Args:
        decision (ListEmailForwardingAuditDecision | Unset):
        pageable (ListEmailForwardingAuditPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListEmailForwardingAuditResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        decision=decision,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    decision: ListEmailForwardingAuditDecision | Unset = UNSET,
    pageable: ListEmailForwardingAuditPageable,
) -> Response[ListEmailForwardingAuditResponse200 | Problem]:
    """Every decision about mail to the inbound address, newest first

    Args:
        decision (ListEmailForwardingAuditDecision | Unset):
        pageable (ListEmailForwardingAuditPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListEmailForwardingAuditResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        decision=decision,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    decision: ListEmailForwardingAuditDecision | Unset = UNSET,
    pageable: ListEmailForwardingAuditPageable,
) -> ListEmailForwardingAuditResponse200 | Problem | None:
    """Every decision about mail to the inbound address, newest first

    Args:
        decision (ListEmailForwardingAuditDecision | Unset):
        pageable (ListEmailForwardingAuditPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListEmailForwardingAuditResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            decision=decision,
            pageable=pageable,
        )
    ).parsed
