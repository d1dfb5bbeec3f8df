from enum import StrEnum


class GetHealthResponse200PluginSandbox(StrEnum):
    BWRAP = "bwrap"
    DISABLED_UNSAFE = "disabled-unsafe"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
