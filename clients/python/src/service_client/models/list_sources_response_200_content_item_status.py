from enum import StrEnum


class ListSourcesResponse200ContentItemStatus(StrEnum):
    ACTIVE = "ACTIVE"
    DISABLED = "DISABLED"
    ERROR = "ERROR"
    REQUIRES_REAUTHORIZATION = "REQUIRES_REAUTHORIZATION"
    SYNCING = "SYNCING"

    def __str__(self) -> str:
        return str(self.value)
