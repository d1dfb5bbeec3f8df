from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.accept_label_suggestion_request_input import (
    AcceptLabelSuggestionRequestInput,
)
from ...models.accept_label_suggestion_response_200 import (
    AcceptLabelSuggestionResponse200,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: AcceptLabelSuggestionRequestInput | None,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/label-suggestions/{id}/accept".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, AcceptLabelSuggestionRequestInput):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AcceptLabelSuggestionResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = AcceptLabelSuggestionResponse200.from_dict(response.json())

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
) -> Response[AcceptLabelSuggestionResponse200 | Problem]:
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
    body: AcceptLabelSuggestionRequestInput | None,
) -> Response[AcceptLabelSuggestionResponse200 | Problem]:
    """Accept: the label is added to the ontology under its parent path (OWNER or ADMIN)

    Args:
        id (UUID):
        body (AcceptLabelSuggestionRequestInput | None):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AcceptLabelSuggestionResponse200 | Problem]
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
    body: AcceptLabelSuggestionRequestInput | None,
) -> AcceptLabelSuggestionResponse200 | Problem | None:
    """Accept: the label is added to the ontology under its parent path (OWNER or ADMIN)

    Args:
        id (UUID):
        body (AcceptLabelSuggestionRequestInput | None):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AcceptLabelSuggestionResponse200 | Problem
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
    body: AcceptLabelSuggestionRequestInput | None,
) -> Response[AcceptLabelSuggestionResponse200 | Problem]:
    """Accept: the label is added to the ontology under its parent path (OWNER or ADMIN)

    Args:
        id (UUID):
        body (AcceptLabelSuggestionRequestInput | None):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AcceptLabelSuggestionResponse200 | Problem]
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
    body: AcceptLabelSuggestionRequestInput | None,
) -> AcceptLabelSuggestionResponse200 | Problem | None:
    """Accept: the label is added to the ontology under its parent path (OWNER or ADMIN)

    Args:
        id (UUID):
        body (AcceptLabelSuggestionRequestInput | None):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AcceptLabelSuggestionResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
