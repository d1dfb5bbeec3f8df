from enum import StrEnum


class GetHealthResponse503Status(StrEnum):
    DATABASE_UNAVAILABLE = "database unavailable"

    def __str__(self) -> str:
        return str(self.value)
