from enum import StrEnum


class ListSourceActivityResponse200ContentItemStatus(StrEnum):
    ABORTED = "ABORTED"
    FAILED = "FAILED"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
