from enum import StrEnum


class SyncSourceResponse202Trigger(StrEnum):
    AUTO = "AUTO"
    MANUAL = "MANUAL"

    def __str__(self) -> str:
        return str(self.value)
