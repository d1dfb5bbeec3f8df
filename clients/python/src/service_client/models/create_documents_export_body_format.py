from enum import StrEnum


class CreateDocumentsExportBodyFormat(StrEnum):
    CSV = "csv"
    ZIP = "zip"

    def __str__(self) -> str:
        return str(self.value)
