from enum import StrEnum


class DocumentStepType0(StrEnum):
    CLASSIFY = "classify"
    DERIVE = "derive"
    EXTRACT = "extract"
    PARSE = "parse"

    def __str__(self) -> str:
        return str(self.value)
