from enum import StrEnum


class InvitationStatus(StrEnum):
    ACCEPTED = "ACCEPTED"
    EXPIRED = "EXPIRED"
    PENDING = "PENDING"
    REJECTED = "REJECTED"
    REVOKED = "REVOKED"

    def __str__(self) -> str:
        return str(self.value)
