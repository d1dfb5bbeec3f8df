from enum import StrEnum


class AlertStatus(StrEnum):
    ACKNOWLEDGED = "ACKNOWLEDGED"
    DISMISSED = "DISMISSED"
    OPEN = "OPEN"
    RESOLVED = "RESOLVED"
    SNOOZED = "SNOOZED"

    def __str__(self) -> str:
        return str(self.value)
