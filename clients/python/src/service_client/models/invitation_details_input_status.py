from enum import StrEnum


class InvitationDetailsInputStatus(StrEnum):
    ACCEPTED = "ACCEPTED"
    EXPIRED = "EXPIRED"
    PENDING = "PENDING"
    REJECTED = "REJECTED"
    REVOKED = "REVOKED"

    def __str__(self) -> str:
        return str(self.value)
