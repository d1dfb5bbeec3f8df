from enum import StrEnum


class UploadedDocumentStepType0(StrEnum):
    CLASSIFY = "classify"
    DERIVE = "derive"
    EXTRACT = "extract"
    PARSE = "parse"

    def __str__(self) -> str:
        return str(self.value)
