import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_audit_log_pageable import ListAuditLogPageable
from ...models.list_audit_log_platform import ListAuditLogPlatform
from ...models.list_audit_log_response_200 import ListAuditLogResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    actor_user_id: UUID | Unset = UNSET,
    actor_api_key_id: UUID | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    platform: ListAuditLogPlatform | Unset = UNSET,
    pageable: ListAuditLogPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_actor_user_id: str | Unset = UNSET
    if not isinstance(actor_user_id, Unset):
        json_actor_user_id = str(actor_user_id)
    params["actor_user_id"] = json_actor_user_id

    json_actor_api_key_id: str | Unset = UNSET
    if not isinstance(actor_api_key_id, Unset):
        json_actor_api_key_id = str(actor_api_key_id)
    params["actor_api_key_id"] = json_actor_api_key_id

    params["action"] = action

    params["resource_type"] = resource_type

    params["resource_id"] = resource_id

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    json_platform: str | Unset = UNSET
    if not isinstance(platform, Unset):
        json_platform = platform.value

    params["platform"] = json_platform

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/audit-log",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListAuditLogResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListAuditLogResponse200.from_dict(response.json())

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
) -> Response[ListAuditLogResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    actor_user_id: UUID | Unset = UNSET,
    actor_api_key_id: UUID | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    platform: ListAuditLogPlatform | Unset = UNSET,
    pageable: ListAuditLogPageable,
) -> Response[ListAuditLogResponse200 | Problem]:
    """The audit log of the active organization (OWNER, ADMIN), newest first

     With `platform=true`, the platform entries (actions outside any organization), for SYSTEM_ADMIN
    only.

    Args:
        actor_user_id (UUID | Unset):
        actor_api_key_id (UUID | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        platform (ListAuditLogPlatform | Unset):
        pageable (ListAuditLogPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAuditLogResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        actor_user_id=actor_user_id,
        actor_api_key_id=actor_api_key_id,
        action=action,
        resource_type=resource_type,
        resource_id=resource_id,
        from_=from_,
        to=to,
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
    actor_user_id: UUID | Unset = UNSET,
    actor_api_key_id: UUID | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    platform: ListAuditLogPlatform | Unset = UNSET,
    pageable: ListAuditLogPageable,
) -> ListAuditLogResponse200 | Problem | None:
    """The audit log of the active organization (OWNER, ADMIN), newest first

     With `platform=true`, the platform entries (actions outside any organization), for SYSTEM_ADMIN
    only.

    Args:
        actor_user_id (UUID | Unset):
        actor_api_key_id (UUID | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        platform (ListAuditLogPlatform | Unset):
        pageable (ListAuditLogPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAuditLogResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        actor_user_id=actor_user_id,
        actor_api_key_id=actor_api_key_id,
        action=action,
        resource_type=resource_type,
        resource_id=resource_id,
        from_=from_,
        to=to,
        platform=platform,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    actor_user_id: UUID | Unset = UNSET,
    actor_api_key_id: UUID | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    platform: ListAuditLogPlatform | Unset = UNSET,
    pageable: ListAuditLogPageable,
) -> Response[ListAuditLogResponse200 | Problem]:
    """The audit log of the active organization (OWNER, ADMIN), newest first

     With `platform=true`, the platform entries (actions outside any organization), for SYSTEM_ADMIN
    only.

    Args:
        actor_user_id (UUID | Unset):
        actor_api_key_id (UUID | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        platform (ListAuditLogPlatform | Unset):
        pageable (ListAuditLogPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAuditLogResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        actor_user_id=actor_user_id,
        actor_api_key_id=actor_api_key_id,
        action=action,
        resource_type=resource_type,
        resource_id=resource_id,
        from_=from_,
        to=to,
        platform=platform,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    actor_user_id: UUID | Unset = UNSET,
    actor_api_key_id: UUID | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    platform: ListAuditLogPlatform | Unset = UNSET,
    pageable: ListAuditLogPageable,
) -> ListAuditLogResponse200 | Problem | None:
    """The audit log of the active organization (OWNER, ADMIN), newest first

     With `platform=true`, the platform entries (actions outside any organization), for SYSTEM_ADMIN
    only.

    Args:
        actor_user_id (UUID | Unset):
        actor_api_key_id (UUID | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        platform (ListAuditLogPlatform | Unset):
        pageable (ListAuditLogPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAuditLogResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            actor_user_id=actor_user_id,
            actor_api_key_id=actor_api_key_id,
            action=action,
            resource_type=resource_type,
            resource_id=resource_id,
            from_=from_,
            to=to,
            platform=platform,
            pageable=pageable,
        )
    ).parsed
