from enum import StrEnum


class SavedViewUpdateRequestQueryStatus(StrEnum):
    FAILED = "FAILED"
    PROCESSED = "PROCESSED"
    PROCESSING = "PROCESSING"
    RECEIVED = "RECEIVED"

    def __str__(self) -> str:
        return str(self.value)
