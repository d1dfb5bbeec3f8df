from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invalid_plugin_code import InvalidPluginCode
from ...models.plugin import Plugin
from ...models.plugin_create_request_input import PluginCreateRequestInput
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PluginCreateRequestInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/plugins",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InvalidPluginCode | Plugin | Problem | None:
    if response.status_code == 201:
        response_201 = Plugin.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = InvalidPluginCode.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InvalidPluginCode | Plugin | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PluginCreateRequestInput,
) -> Response[InvalidPluginCode | Plugin | Problem]:
    """Register a plugin (Python source); stored as version 1

     The code is checked by the same validator as `service validate` (syntax tree only), then loaded once
    in an isolated runtime to read its class attributes. A failure answers 400 with `{"error": {"code":
    "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion,
    documentation}]}}` (spec §7). The type is read from the base class. `configs` keys must be declared
    configurable_parameters. Quota: max_plugins.

    Args:
        body (PluginCreateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvalidPluginCode | Plugin | Problem]
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
    client: AuthenticatedClient | Client,
    body: PluginCreateRequestInput,
) -> InvalidPluginCode | Plugin | Problem | None:
    """Register a plugin (Python source); stored as version 1

     The code is checked by the same validator as `service validate` (syntax tree only), then loaded once
    in an isolated runtime to read its class attributes. A failure answers 400 with `{"error": {"code":
    "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion,
    documentation}]}}` (spec §7). The type is read from the base class. `configs` keys must be declared
    configurable_parameters. Quota: max_plugins.

    Args:
        body (PluginCreateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvalidPluginCode | Plugin | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PluginCreateRequestInput,
) -> Response[InvalidPluginCode | Plugin | Problem]:
    """Register a plugin (Python source); stored as version 1

     The code is checked by the same validator as `service validate` (syntax tree only), then loaded once
    in an isolated runtime to read its class attributes. A failure answers 400 with `{"error": {"code":
    "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion,
    documentation}]}}` (spec §7). The type is read from the base class. `configs` keys must be declared
    configurable_parameters. Quota: max_plugins.

    Args:
        body (PluginCreateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvalidPluginCode | Plugin | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PluginCreateRequestInput,
) -> InvalidPluginCode | Plugin | Problem | None:
    """Register a plugin (Python source); stored as version 1

     The code is checked by the same validator as `service validate` (syntax tree only), then loaded once
    in an isolated runtime to read its class attributes. A failure answers 400 with `{"error": {"code":
    "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion,
    documentation}]}}` (spec §7). The type is read from the base class. `configs` keys must be declared
    configurable_parameters. Quota: max_plugins.

    Args:
        body (PluginCreateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvalidPluginCode | Plugin | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
