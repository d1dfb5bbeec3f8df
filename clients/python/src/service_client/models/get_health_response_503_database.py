from enum import StrEnum


class GetHealthResponse503Database(StrEnum):
    PGLITE = "pglite"
    POSTGRES = "postgres"

    def __str__(self) -> str:
        return str(self.value)
