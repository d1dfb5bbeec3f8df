from enum import StrEnum


class ApiKeyStatus(StrEnum):
    ACTIVE = "ACTIVE"
    REVOKED = "REVOKED"

    def __str__(self) -> str:
        return str(self.value)
