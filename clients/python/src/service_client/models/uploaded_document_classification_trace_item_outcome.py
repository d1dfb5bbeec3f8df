from enum import StrEnum


class UploadedDocumentClassificationTraceItemOutcome(StrEnum):
    CONTINUE = "CONTINUE"
    LEAF = "LEAF"
    LLM_SUGGESTED = "LLM_SUGGESTED"
    SUGGESTION = "SUGGESTION"

    def __str__(self) -> str:
        return str(self.value)
