"""A source whose state model, has_new_data and attributes come from an in-file base."""

from collections.abc import AsyncIterator
from typing import Any

from service_sdk import BaseSourceState, DocumentInput, DynamicCredential, SourcePlugin


class PagedState(BaseSourceState):
    page: int = 0


class PagedSource(SourcePlugin):
    source_state_model = PagedState
    credential_fields = ["token"]
    pages = 3

    async def has_new_data(
        self, credentials: DynamicCredential, state: PagedState, configs: dict[str, Any]
    ) -> bool:
        return state.page < self.pages


class NumberedPagesSource(PagedSource):
    source_type = "numbered_pages"

    async def fetch(
        self, credentials: DynamicCredential, state: PagedState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        while state.page < self.pages:
            state.page += 1
            yield DocumentInput(
                file_data=f"page {state.page}".encode(),
                filename=f"page-{state.page}.txt",
                metadata={"page": state.page},
            )
