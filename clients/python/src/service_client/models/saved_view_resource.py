from enum import StrEnum


class SavedViewResource(StrEnum):
    DOCUMENTS = "documents"

    def __str__(self) -> str:
        return str(self.value)
