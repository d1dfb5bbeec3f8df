from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.organization import Organization
from ...models.problem import Problem
from ...models.update_organization_request_input import UpdateOrganizationRequestInput
from ...models.update_organization_response_400 import UpdateOrganizationResponse400
from ...models.update_organization_response_401 import UpdateOrganizationResponse401
from ...models.update_organization_response_403 import UpdateOrganizationResponse403
from ...models.update_organization_response_404 import UpdateOrganizationResponse404
from ...models.update_organization_response_409 import UpdateOrganizationResponse409
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: UpdateOrganizationRequestInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/organizations/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Organization
    | Problem
    | UpdateOrganizationResponse400
    | UpdateOrganizationResponse401
    | UpdateOrganizationResponse403
    | UpdateOrganizationResponse404
    | UpdateOrganizationResponse409
    | None
):
    if response.status_code == 200:
        response_200 = Organization.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = UpdateOrganizationResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UpdateOrganizationResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = UpdateOrganizationResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = UpdateOrganizationResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = UpdateOrganizationResponse409.from_dict(response.json())

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
) -> Response[
    Organization
    | Problem
    | UpdateOrganizationResponse400
    | UpdateOrganizationResponse401
    | UpdateOrganizationResponse403
    | UpdateOrganizationResponse404
    | UpdateOrganizationResponse409
]:
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
    body: UpdateOrganizationRequestInput,
) -> Response[
    Organization
    | Problem
    | UpdateOrganizationResponse400
    | UpdateOrganizationResponse401
    | UpdateOrganizationResponse403
    | UpdateOrganizationResponse404
    | UpdateOrganizationResponse409
]:
    """Update an organization: name, slug, parent (OWNER or ADMIN)

    Args:
        id (UUID):
        body (UpdateOrganizationRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Organization | Problem | UpdateOrganizationResponse400 | UpdateOrganizationResponse401 | UpdateOrganizationResponse403 | UpdateOrganizationResponse404 | UpdateOrganizationResponse409]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateOrganizationRequestInput,
) -> (
    Organization
    | Problem
    | UpdateOrganizationResponse400
    | UpdateOrganizationResponse401
    | UpdateOrganizationResponse403
    | UpdateOrganizationResponse404
    | UpdateOrganizationResponse409
    | None
):
    """Update an organization: name, slug, parent (OWNER or ADMIN)

    Args:
        id (UUID):
        body (UpdateOrganizationRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Organization | Problem | UpdateOrganizationResponse400 | UpdateOrganizationResponse401 | UpdateOrganizationResponse403 | UpdateOrganizationResponse404 | UpdateOrganizationResponse409
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateOrganizationRequestInput,
) -> Response[
    Organization
    | Problem
    | UpdateOrganizationResponse400
    | UpdateOrganizationResponse401
    | UpdateOrganizationResponse403
    | UpdateOrganizationResponse404
    | UpdateOrganizationResponse409
]:
    """Update an organization: name, slug, parent (OWNER or ADMIN)

    Args:
        id (UUID):
        body (UpdateOrganizationRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Organization | Problem | UpdateOrganizationResponse400 | UpdateOrganizationResponse401 | UpdateOrganizationResponse403 | UpdateOrganizationResponse404 | UpdateOrganizationResponse409]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateOrganizationRequestInput,
) -> (
    Organization
    | Problem
    | UpdateOrganizationResponse400
    | UpdateOrganizationResponse401
    | UpdateOrganizationResponse403
    | UpdateOrganizationResponse404
    | UpdateOrganizationResponse409
    | None
):
    """Update an organization: name, slug, parent (OWNER or ADMIN)

    Args:
        id (UUID):
        body (UpdateOrganizationRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Organization | Problem | UpdateOrganizationResponse400 | UpdateOrganizationResponse401 | UpdateOrganizationResponse403 | UpdateOrganizationResponse404 | UpdateOrganizationResponse409
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
