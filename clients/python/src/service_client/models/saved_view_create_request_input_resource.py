from enum import StrEnum


class SavedViewCreateRequestInputResource(StrEnum):
    DOCUMENTS = "documents"

    def __str__(self) -> str:
        return str(self.value)
