from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.benchmark_score_list import BenchmarkScoreList
from ...models.list_benchmark_scores_flagged import ListBenchmarkScoresFlagged
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    page: int | Unset = 1,
    per_page: int | Unset = 100,
    flagged: ListBenchmarkScoresFlagged | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    json_flagged: str | Unset = UNSET
    if not isinstance(flagged, Unset):
        json_flagged = flagged.value

    params["flagged"] = json_flagged

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/benchmarks/{id}/scores".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BenchmarkScoreList | Problem | None:
    if response.status_code == 200:
        response_200 = BenchmarkScoreList.from_dict(response.json())

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
) -> Response[BenchmarkScoreList | Problem]:
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
    page: int | Unset = 1,
    per_page: int | Unset = 100,
    flagged: ListBenchmarkScoresFlagged | Unset = UNSET,
) -> Response[BenchmarkScoreList | Problem]:
    """Per-document scores of a benchmark's latest successful run, highest first

     With the group and its benchmark value per document: the data of the score distribution.
    `flagged=true` lists the flagged documents only.

    Args:
        id (UUID):
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 100.
        flagged (ListBenchmarkScoresFlagged | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BenchmarkScoreList | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        page=page,
        per_page=per_page,
        flagged=flagged,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 100,
    flagged: ListBenchmarkScoresFlagged | Unset = UNSET,
) -> BenchmarkScoreList | Problem | None:
    """Per-document scores of a benchmark's latest successful run, highest first

     With the group and its benchmark value per document: the data of the score distribution.
    `flagged=true` lists the flagged documents only.

    Args:
        id (UUID):
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 100.
        flagged (ListBenchmarkScoresFlagged | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BenchmarkScoreList | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        page=page,
        per_page=per_page,
        flagged=flagged,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 100,
    flagged: ListBenchmarkScoresFlagged | Unset = UNSET,
) -> Response[BenchmarkScoreList | Problem]:
    """Per-document scores of a benchmark's latest successful run, highest first

     With the group and its benchmark value per document: the data of the score distribution.
    `flagged=true` lists the flagged documents only.

    Args:
        id (UUID):
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 100.
        flagged (ListBenchmarkScoresFlagged | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BenchmarkScoreList | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        page=page,
        per_page=per_page,
        flagged=flagged,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    per_page: int | Unset = 100,
    flagged: ListBenchmarkScoresFlagged | Unset = UNSET,
) -> BenchmarkScoreList | Problem | None:
    """Per-document scores of a benchmark's latest successful run, highest first

     With the group and its benchmark value per document: the data of the score distribution.
    `flagged=true` lists the flagged documents only.

    Args:
        id (UUID):
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 100.
        flagged (ListBenchmarkScoresFlagged | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BenchmarkScoreList | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            page=page,
            per_page=per_page,
            flagged=flagged,
        )
    ).parsed
