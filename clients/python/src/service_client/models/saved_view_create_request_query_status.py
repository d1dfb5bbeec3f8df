from enum import StrEnum


class SavedViewCreateRequestQueryStatus(StrEnum):
    FAILED = "FAILED"
    PROCESSED = "PROCESSED"
    PROCESSING = "PROCESSING"
    RECEIVED = "RECEIVED"

    def __str__(self) -> str:
        return str(self.value)
