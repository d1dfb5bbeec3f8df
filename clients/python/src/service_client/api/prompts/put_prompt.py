from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.prompt import Prompt
from ...models.prompt_put_request_input import PromptPutRequestInput
from ...types import Response


def _get_kwargs(
    prompt_id: str,
    *,
    body: PromptPutRequestInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/prompts/{prompt_id}".format(
            prompt_id=quote(str(prompt_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    *,
    client: AuthenticatedClient | Client,
    body: PromptPutRequestInput,
) -> Response[Problem | Prompt]:
    """Store a new version of a prompt (OWNER or ADMIN); an unchanged text keeps the version

     Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see
    docs/pipeline.md.

    Args:
        prompt_id (str):
        body (PromptPutRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Prompt]
    """

    kwargs = _get_kwargs(
        prompt_id=prompt_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    prompt_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PromptPutRequestInput,
) -> Problem | Prompt | None:
    """Store a new version of a prompt (OWNER or ADMIN); an unchanged text keeps the version

     Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see
    docs/pipeline.md.

    Args:
        prompt_id (str):
        body (PromptPutRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Prompt
    """

    return sync_detailed(
        prompt_id=prompt_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    prompt_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PromptPutRequestInput,
) -> Response[Problem | Prompt]:
    """Store a new version of a prompt (OWNER or ADMIN); an unchanged text keeps the version

     Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see
    docs/pipeline.md.

    Args:
        prompt_id (str):
        body (PromptPutRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Prompt]
    """

    kwargs = _get_kwargs(
        prompt_id=prompt_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    prompt_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: PromptPutRequestInput,
) -> Problem | Prompt | None:
    """Store a new version of a prompt (OWNER or ADMIN); an unchanged text keeps the version

     Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see
    docs/pipeline.md.

    Args:
        prompt_id (str):
        body (PromptPutRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Prompt
    """

    return (
        await asyncio_detailed(
            prompt_id=prompt_id,
            client=client,
            body=body,
        )
    ).parsed
