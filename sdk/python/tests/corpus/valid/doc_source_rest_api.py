"""Custom source reading documents from a REST API with an API key."""

import asyncio
import json
import urllib.request
from collections.abc import AsyncIterator
from typing import Any

from service_sdk import (
    BaseSourceState,
    ConfigurableParameter,
    DocumentInput,
    DynamicCredential,
    SourcePlugin,
    logger,
)


class ApiState(BaseSourceState):
    last_id: int = 0
    synced: int = 0


def _get(url: str, api_key: str) -> bytes:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {api_key}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body: bytes = response.read()
        return body


class RestApiSource(SourcePlugin):
    source_type = "acme_documents_api"
    source_state_model = ApiState
    credential_fields = ["api_key"]
    configurable_parameters = [
        ConfigurableParameter("base_url", "str", "https://api.acme.example", "API base URL"),
        ConfigurableParameter("page_size", "int", 50, "Documents per page"),
    ]

    async def _list(
        self, credentials: DynamicCredential, state: ApiState, configs: dict[str, Any]
    ) -> list[dict[str, Any]]:
        url = f"{configs['base_url']}/documents?after={state.last_id}&limit={configs['page_size']}"
        raw = await asyncio.to_thread(_get, url, credentials.api_key)
        items: list[dict[str, Any]] = json.loads(raw)
        return items

    async def has_new_data(
        self, credentials: DynamicCredential, state: ApiState, configs: dict[str, Any]
    ) -> bool:
        return len(await self._list(credentials, state, configs)) > 0

    async def fetch(
        self, credentials: DynamicCredential, state: ApiState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        while True:
            items = await self._list(credentials, state, configs)
            if not items:
                break
            for item in items:
                url = f"{configs['base_url']}/documents/{item['id']}/content"
                content = await asyncio.to_thread(_get, url, credentials.api_key)
                state.last_id = int(item["id"])
                state.synced += 1
                yield DocumentInput(
                    file_data=content,
                    filename=str(item["filename"]),
                    metadata={"acme_id": item["id"]},
                )
        logger.info("synced %d documents in total", state.synced)
