from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.prompt import Prompt
from ...types import Response


def _get_kwargs(
    prompt_id: str,
    version: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/prompts/{prompt_id}/versions/{version}".format(
            prompt_id=quote(str(prompt_id), safe=""),
            version=quote(str(version), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Prompt | None:
    if response.status_code == 200:
        response_200 = Prompt.from_dict(response.json())

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
) -> Response[Problem | Prompt]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    prompt_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Prompt]:
    """One version of a prompt, with its text

    Args:
        prompt_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Prompt]
    """

    kwargs = _get_kwargs(
        prompt_id=prompt_id,
        version=version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    prompt_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Prompt | None:
    """One version of a prompt, with its text

    Args:
        prompt_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Prompt
    """

    return sync_detailed(
        prompt_id=prompt_id,
        version=version,
        client=client,
    ).parsed


async def asyncio_detailed(
    prompt_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Prompt]:
    """One version of a prompt, with its text

    Args:
        prompt_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Prompt]
    """

    kwargs = _get_kwargs(
        prompt_id=prompt_id,
        version=version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    prompt_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Prompt | None:
    """One version of a prompt, with its text

    Args:
        prompt_id (str):
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Prompt
    """

    return (
        await asyncio_detailed(
            prompt_id=prompt_id,
            version=version,
            client=client,
        )
    ).parsed
