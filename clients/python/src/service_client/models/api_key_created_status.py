from enum import StrEnum


class ApiKeyCreatedStatus(StrEnum):
    ACTIVE = "ACTIVE"
    REVOKED = "REVOKED"

    def __str__(self) -> str:
        return str(self.value)
