from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_extraction_rules_pageable import ListExtractionRulesPageable
from ...models.list_extraction_rules_response_200 import ListExtractionRulesResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    field: str | Unset = UNSET,
    language: str | Unset = UNSET,
    pageable: ListExtractionRulesPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["field"] = field

    params["language"] = language

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/extraction-rules",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListExtractionRulesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListExtractionRulesResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ListExtractionRulesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    field: str | Unset = UNSET,
    language: str | Unset = UNSET,
    pageable: ListExtractionRulesPageable,
) -> Response[ListExtractionRulesResponse200 | Problem]:
    """The built-in extractor’s rules by id, optionally of one field or language

    Args:
        field (str | Unset):
        language (str | Unset):
        pageable (ListExtractionRulesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListExtractionRulesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        field=field,
        language=language,
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    field: str | Unset = UNSET,
    language: str | Unset = UNSET,
    pageable: ListExtractionRulesPageable,
) -> ListExtractionRulesResponse200 | Problem | None:
    """The built-in extractor’s rules by id, optionally of one field or language

    Args:
        field (str | Unset):
        language (str | Unset):
        pageable (ListExtractionRulesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListExtractionRulesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        field=field,
        language=language,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    field: str | Unset = UNSET,
    language: str | Unset = UNSET,
    pageable: ListExtractionRulesPageable,
) -> Response[ListExtractionRulesResponse200 | Problem]:
    """The built-in extractor’s rules by id, optionally of one field or language

    Args:
        field (str | Unset):
        language (str | Unset):
        pageable (ListExtractionRulesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListExtractionRulesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        field=field,
        language=language,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    field: str | Unset = UNSET,
    language: str | Unset = UNSET,
    pageable: ListExtractionRulesPageable,
) -> ListExtractionRulesResponse200 | Problem | None:
    """The built-in extractor’s rules by id, optionally of one field or language

    Args:
        field (str | Unset):
        language (str | Unset):
        pageable (ListExtractionRulesPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListExtractionRulesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            field=field,
            language=language,
            pageable=pageable,
        )
    ).parsed
