import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_documents_labels_confirmed import ListDocumentsLabelsConfirmed
from ...models.list_documents_pageable import ListDocumentsPageable
from ...models.list_documents_response_200 import ListDocumentsResponse200
from ...models.list_documents_status import ListDocumentsStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    q: str | Unset = UNSET,
    status: ListDocumentsStatus | Unset = UNSET,
    source_id: UUID | Unset = UNSET,
    label: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    labels_confirmed: ListDocumentsLabelsConfirmed | Unset = UNSET,
    pageable: ListDocumentsPageable,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["q"] = q

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_source_id: str | Unset = UNSET
    if not isinstance(source_id, Unset):
        json_source_id = str(source_id)
    params["source_id"] = json_source_id

    params["label"] = label

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    json_labels_confirmed: str | Unset = UNSET
    if not isinstance(labels_confirmed, Unset):
        json_labels_confirmed = labels_confirmed.value

    params["labels_confirmed"] = json_labels_confirmed

    json_pageable = pageable.to_dict()
    params.update(json_pageable)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/documents",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListDocumentsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListDocumentsResponse200.from_dict(response.json())

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
) -> Response[ListDocumentsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    status: ListDocumentsStatus | Unset = UNSET,
    source_id: UUID | Unset = UNSET,
    label: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    labels_confirmed: ListDocumentsLabelsConfirmed | Unset = UNSET,
    pageable: ListDocumentsPageable,
) -> Response[ListDocumentsResponse200 | Problem]:
    """List or search documents (q; filter by status, source_id, label, created time, labels_confirmed)

     With `q`, a full-text search over the text, extracted values, labels and filename in web-search
    syntax (words, "quoted phrase", or, -word; docs/search.md): hits come best first and carry
    `search.rank` and a highlighted `search.snippet`; `sort` is then ignored.

    Args:
        q (str | Unset):
        status (ListDocumentsStatus | Unset):
        source_id (UUID | Unset):
        label (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        labels_confirmed (ListDocumentsLabelsConfirmed | Unset):
        pageable (ListDocumentsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListDocumentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        q=q,
        status=status,
        source_id=source_id,
        label=label,
        created_after=created_after,
        created_before=created_before,
        labels_confirmed=labels_confirmed,
        pageable=pageable,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    status: ListDocumentsStatus | Unset = UNSET,
    source_id: UUID | Unset = UNSET,
    label: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    labels_confirmed: ListDocumentsLabelsConfirmed | Unset = UNSET,
    pageable: ListDocumentsPageable,
) -> ListDocumentsResponse200 | Problem | None:
    """List or search documents (q; filter by status, source_id, label, created time, labels_confirmed)

     With `q`, a full-text search over the text, extracted values, labels and filename in web-search
    syntax (words, "quoted phrase", or, -word; docs/search.md): hits come best first and carry
    `search.rank` and a highlighted `search.snippet`; `sort` is then ignored.

    Args:
        q (str | Unset):
        status (ListDocumentsStatus | Unset):
        source_id (UUID | Unset):
        label (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        labels_confirmed (ListDocumentsLabelsConfirmed | Unset):
        pageable (ListDocumentsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListDocumentsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        q=q,
        status=status,
        source_id=source_id,
        label=label,
        created_after=created_after,
        created_before=created_before,
        labels_confirmed=labels_confirmed,
        pageable=pageable,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    status: ListDocumentsStatus | Unset = UNSET,
    source_id: UUID | Unset = UNSET,
    label: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    labels_confirmed: ListDocumentsLabelsConfirmed | Unset = UNSET,
    pageable: ListDocumentsPageable,
) -> Response[ListDocumentsResponse200 | Problem]:
    """List or search documents (q; filter by status, source_id, label, created time, labels_confirmed)

     With `q`, a full-text search over the text, extracted values, labels and filename in web-search
    syntax (words, "quoted phrase", or, -word; docs/search.md): hits come best first and carry
    `search.rank` and a highlighted `search.snippet`; `sort` is then ignored.

    Args:
        q (str | Unset):
        status (ListDocumentsStatus | Unset):
        source_id (UUID | Unset):
        label (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        labels_confirmed (ListDocumentsLabelsConfirmed | Unset):
        pageable (ListDocumentsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListDocumentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        q=q,
        status=status,
        source_id=source_id,
        label=label,
        created_after=created_after,
        created_before=created_before,
        labels_confirmed=labels_confirmed,
        pageable=pageable,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    status: ListDocumentsStatus | Unset = UNSET,
    source_id: UUID | Unset = UNSET,
    label: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    labels_confirmed: ListDocumentsLabelsConfirmed | Unset = UNSET,
    pageable: ListDocumentsPageable,
) -> ListDocumentsResponse200 | Problem | None:
    """List or search documents (q; filter by status, source_id, label, created time, labels_confirmed)

     With `q`, a full-text search over the text, extracted values, labels and filename in web-search
    syntax (words, "quoted phrase", or, -word; docs/search.md): hits come best first and carry
    `search.rank` and a highlighted `search.snippet`; `sort` is then ignored.

    Args:
        q (str | Unset):
        status (ListDocumentsStatus | Unset):
        source_id (UUID | Unset):
        label (str | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        labels_confirmed (ListDocumentsLabelsConfirmed | Unset):
        pageable (ListDocumentsPageable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListDocumentsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            q=q,
            status=status,
            source_id=source_id,
            label=label,
            created_after=created_after,
            created_before=created_before,
            labels_confirmed=labels_confirmed,
            pageable=pageable,
        )
    ).parsed
