from enum import StrEnum


class UpdateSourceResponse200Kind(StrEnum):
    CUSTOM = "CUSTOM"
    EMAIL_FORWARDING = "EMAIL_FORWARDING"
    MANUAL_UPLOAD = "MANUAL_UPLOAD"
    OAUTH = "OAUTH"

    def __str__(self) -> str:
        return str(self.value)
