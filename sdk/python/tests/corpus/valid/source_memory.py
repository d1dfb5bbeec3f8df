"""In-memory source used by the runtime tests: yields the files named in configs."""

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


class MemoryState(BaseSourceState):
    cursor: int = 0
    seen: list[str] = []


class MemorySource(SourcePlugin):
    source_type = "memory"
    source_state_model = MemoryState
    credential_fields = ["token"]
    configurable_parameters = [
        ConfigurableParameter("files", "str", "a.txt,b.txt,c.txt", "Comma-separated names"),
    ]

    def _names(self, configs: dict[str, Any]) -> list[str]:
        return [n for n in str(configs.get("files", "")).split(",") if n]

    async def has_new_data(
        self, credentials: DynamicCredential, state: MemoryState, configs: dict[str, Any]
    ) -> bool:
        return state.cursor < len(self._names(configs))

    async def fetch(
        self, credentials: DynamicCredential, state: MemoryState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        token = credentials.get("token", "")
        names = self._names(configs)
        while state.cursor < len(names):
            name = names[state.cursor]
            state.cursor += 1
            state.seen.append(name)
            logger.info("yielding %s", name)
            yield DocumentInput(
                file_data=f"content of {name}".encode(),
                filename=name,
                metadata={"index": state.cursor - 1, "authenticated": bool(token)},
            )
