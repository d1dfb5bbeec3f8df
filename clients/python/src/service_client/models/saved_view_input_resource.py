from enum import StrEnum


class SavedViewInputResource(StrEnum):
    DOCUMENTS = "documents"

    def __str__(self) -> str:
        return str(self.value)
