from enum import StrEnum


class ListSavedViewsResource(StrEnum):
    DOCUMENTS = "documents"

    def __str__(self) -> str:
        return str(self.value)
