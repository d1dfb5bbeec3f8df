"""A source that reads a JSON listing over HTTP through the engine's egress (http_request)."""

from collections.abc import AsyncIterator
from typing import Any

from service_sdk import (
    BaseSourceState,
    ConfigurableParameter,
    DocumentInput,
    DynamicCredential,
    ServiceError,
    SourcePlugin,
    http_request,
)


class HttpState(BaseSourceState):
    fetched: list[str] = []


class HttpListingSource(SourcePlugin):
    source_type = "http_listing"
    source_state_model = HttpState
    credential_fields = ["token"]
    configurable_parameters = [
        ConfigurableParameter("base_url", "str", "https://files.example.com", "Listing host"),
    ]

    async def has_new_data(
        self, credentials: DynamicCredential, state: HttpState, configs: dict[str, Any]
    ) -> bool:
        response = await http_request("HEAD", f"{configs['base_url']}/files.json")
        return response.status == 200

    async def fetch(
        self, credentials: DynamicCredential, state: HttpState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        auth = {"authorization": f"Bearer {credentials.get('token', '')}"}
        listing = await http_request("GET", f"{configs['base_url']}/files.json", headers=auth)
        for name in listing.json():
            if name in state.fetched:
                continue
            try:
                file = await http_request("GET", f"{configs['base_url']}/files/{name}", auth)
            except ServiceError as exc:
                yield DocumentInput(file_data=str(exc).encode(), filename=f"{name}.error.txt")
                continue
            state.fetched.append(name)
            yield DocumentInput(file_data=file.body, filename=name, metadata={"status": file.status})
