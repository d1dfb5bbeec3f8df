from enum import StrEnum


class ChosenPluginStatus(StrEnum):
    DISABLED = "DISABLED"
    ENABLED = "ENABLED"

    def __str__(self) -> str:
        return str(self.value)
