from enum import StrEnum


class SavedViewCreateRequestResource(StrEnum):
    DOCUMENTS = "documents"

    def __str__(self) -> str:
        return str(self.value)
