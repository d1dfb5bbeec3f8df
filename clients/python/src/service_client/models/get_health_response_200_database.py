from enum import StrEnum


class GetHealthResponse200Database(StrEnum):
    PGLITE = "pglite"
    POSTGRES = "postgres"

    def __str__(self) -> str:
        return str(self.value)
