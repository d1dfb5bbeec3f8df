from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.marketplace_entitlement import MarketplaceEntitlement
from ...models.marketplace_entitlement_registration_input import (
    MarketplaceEntitlementRegistrationInput,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: MarketplaceEntitlementRegistrationInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/marketplace/entitlements",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MarketplaceEntitlement | Problem | None:
    if response.status_code == 200:
        response_200 = MarketplaceEntitlement.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = MarketplaceEntitlement.from_dict(response.json())

        return response_201

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
) -> Response[MarketplaceEntitlement | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: MarketplaceEntitlementRegistrationInput,
) -> Response[MarketplaceEntitlement | Problem]:
    """Register or update an entitlement (SYSTEM_ADMIN, or a signed provider notification)

     Authenticate with a SYSTEM_ADMIN credential, or sign the request as the marketplace provider:
    `X-Marketplace-Timestamp: <unix seconds>` and `X-Marketplace-Signature: v1=<hex HMAC-SHA256 of
    "<timestamp>.<raw body>" keyed with SERVICE_MARKETPLACE_WEBHOOK_SECRET>`. A bad or stale signature
    is 401. CANCELLED, SUSPENDED and EXPIRED drop a linked organization to the free plan.

    Args:
        body (MarketplaceEntitlementRegistrationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MarketplaceEntitlement | Problem]
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
    client: AuthenticatedClient,
    body: MarketplaceEntitlementRegistrationInput,
) -> MarketplaceEntitlement | Problem | None:
    """Register or update an entitlement (SYSTEM_ADMIN, or a signed provider notification)

     Authenticate with a SYSTEM_ADMIN credential, or sign the request as the marketplace provider:
    `X-Marketplace-Timestamp: <unix seconds>` and `X-Marketplace-Signature: v1=<hex HMAC-SHA256 of
    "<timestamp>.<raw body>" keyed with SERVICE_MARKETPLACE_WEBHOOK_SECRET>`. A bad or stale signature
    is 401. CANCELLED, SUSPENDED and EXPIRED drop a linked organization to the free plan.

    Args:
        body (MarketplaceEntitlementRegistrationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MarketplaceEntitlement | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: MarketplaceEntitlementRegistrationInput,
) -> Response[MarketplaceEntitlement | Problem]:
    """Register or update an entitlement (SYSTEM_ADMIN, or a signed provider notification)

     Authenticate with a SYSTEM_ADMIN credential, or sign the request as the marketplace provider:
    `X-Marketplace-Timestamp: <unix seconds>` and `X-Marketplace-Signature: v1=<hex HMAC-SHA256 of
    "<timestamp>.<raw body>" keyed with SERVICE_MARKETPLACE_WEBHOOK_SECRET>`. A bad or stale signature
    is 401. CANCELLED, SUSPENDED and EXPIRED drop a linked organization to the free plan.

    Args:
        body (MarketplaceEntitlementRegistrationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MarketplaceEntitlement | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: MarketplaceEntitlementRegistrationInput,
) -> MarketplaceEntitlement | Problem | None:
    """Register or update an entitlement (SYSTEM_ADMIN, or a signed provider notification)

     Authenticate with a SYSTEM_ADMIN credential, or sign the request as the marketplace provider:
    `X-Marketplace-Timestamp: <unix seconds>` and `X-Marketplace-Signature: v1=<hex HMAC-SHA256 of
    "<timestamp>.<raw body>" keyed with SERVICE_MARKETPLACE_WEBHOOK_SECRET>`. A bad or stale signature
    is 401. CANCELLED, SUSPENDED and EXPIRED drop a linked organization to the free plan.

    Args:
        body (MarketplaceEntitlementRegistrationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MarketplaceEntitlement | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
