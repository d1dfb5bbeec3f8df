from enum import StrEnum


class LabelSuggestionInputReason(StrEnum):
    LLM_SUGGESTED = "LLM_SUGGESTED"
    NO_LABEL = "NO_LABEL"

    def __str__(self) -> str:
        return str(self.value)
