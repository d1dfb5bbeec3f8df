from enum import StrEnum


class CreateInvitationRequestInputRole(StrEnum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"

    def __str__(self) -> str:
        return str(self.value)
