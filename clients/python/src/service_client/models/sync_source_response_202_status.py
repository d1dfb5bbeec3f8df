from enum import StrEnum


class SyncSourceResponse202Status(StrEnum):
    ABORTED = "ABORTED"
    FAILED = "FAILED"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
