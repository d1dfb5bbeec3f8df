from typing import Any

from service_sdk import BaseSourceState, DocumentInput, DynamicCredential, SourcePlugin


class State(BaseSourceState):
    cursor: int = 0


class ListSource(SourcePlugin):
    source_type = "list_source"
    source_state_model = State

    async def fetch(
        self, credentials: DynamicCredential, state: State, configs: dict[str, Any]
    ) -> list[DocumentInput]:
        return [DocumentInput(file_data=b"x", filename="x.txt")]

    async def has_new_data(
        self, credentials: DynamicCredential, state: State, configs: dict[str, Any]
    ) -> bool:
        return True
