from collections.abc import AsyncIterator
from typing import Any

from service_sdk import BaseSourceState, DocumentInput, DynamicCredential, SourcePlugin


class State(BaseSourceState):
    cursor: int = 0


class Untyped(SourcePlugin):
    source_state_model = State

    async def fetch(
        self, credentials: DynamicCredential, state: State, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        yield DocumentInput(file_data=b"x", filename="x.txt")

    async def has_new_data(
        self, credentials: DynamicCredential, state: State, configs: dict[str, Any]
    ) -> bool:
        return True
