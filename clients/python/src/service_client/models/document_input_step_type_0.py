from enum import StrEnum


class DocumentInputStepType0(StrEnum):
    CLASSIFY = "classify"
    DERIVE = "derive"
    EXTRACT = "extract"
    PARSE = "parse"

    def __str__(self) -> str:
        return str(self.value)
