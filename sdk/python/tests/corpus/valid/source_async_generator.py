import typing
from collections.abc import AsyncGenerator

from service_sdk import BaseSourceState, DocumentInput, DynamicCredential, SourcePlugin


class CommonState(BaseSourceState):
    version: int = 1


class InboxState(CommonState):
    last_uid: int = 0


class StaticInbox(SourcePlugin):
    source_type: str = "static_inbox"
    source_state_model = InboxState

    async def has_new_data(
        self,
        credentials: DynamicCredential,
        state: InboxState,
        configs: dict[str, typing.Any],
    ) -> bool:
        return state.last_uid == 0

    async def fetch(
        self,
        credentials: DynamicCredential,
        state: InboxState,
        configs: dict[str, typing.Any],
    ) -> AsyncGenerator[DocumentInput, None]:
        if state.last_uid == 0:
            state.last_uid = 1
            yield DocumentInput(file_data=b"hello", filename="hello.txt", metadata={"uid": 1})
