from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ontology_update_request_input import OntologyUpdateRequestInput
from ...models.ontology_update_response import OntologyUpdateResponse
from ...models.problem import Problem
from ...models.replace_ontology_report import ReplaceOntologyReport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: OntologyUpdateRequestInput,
    report: ReplaceOntologyReport | Unset = ReplaceOntologyReport.FALSE,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    json_report: str | Unset = UNSET
    if not isinstance(report, Unset):
        json_report = report.value

    params["report"] = json_report

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/ontology",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OntologyUpdateResponse | Problem | None:
    if response.status_code == 200:
        response_200 = OntologyUpdateResponse.from_dict(response.json())

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
) -> Response[OntologyUpdateResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OntologyUpdateRequestInput,
    report: ReplaceOntologyReport | Unset = ReplaceOntologyReport.FALSE,
) -> Response[OntologyUpdateResponse | Problem]:
    """Replace the ontology (OWNER or ADMIN); saved as a new version

    Args:
        report (ReplaceOntologyReport | Unset):  Default: ReplaceOntologyReport.FALSE.
        body (OntologyUpdateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OntologyUpdateResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        report=report,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: OntologyUpdateRequestInput,
    report: ReplaceOntologyReport | Unset = ReplaceOntologyReport.FALSE,
) -> OntologyUpdateResponse | Problem | None:
    """Replace the ontology (OWNER or ADMIN); saved as a new version

    Args:
        report (ReplaceOntologyReport | Unset):  Default: ReplaceOntologyReport.FALSE.
        body (OntologyUpdateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OntologyUpdateResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        report=report,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OntologyUpdateRequestInput,
    report: ReplaceOntologyReport | Unset = ReplaceOntologyReport.FALSE,
) -> Response[OntologyUpdateResponse | Problem]:
    """Replace the ontology (OWNER or ADMIN); saved as a new version

    Args:
        report (ReplaceOntologyReport | Unset):  Default: ReplaceOntologyReport.FALSE.
        body (OntologyUpdateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OntologyUpdateResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        report=report,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OntologyUpdateRequestInput,
    report: ReplaceOntologyReport | Unset = ReplaceOntologyReport.FALSE,
) -> OntologyUpdateResponse | Problem | None:
    """Replace the ontology (OWNER or ADMIN); saved as a new version

    Args:
        report (ReplaceOntologyReport | Unset):  Default: ReplaceOntologyReport.FALSE.
        body (OntologyUpdateRequestInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OntologyUpdateResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            report=report,
        )
    ).parsed
