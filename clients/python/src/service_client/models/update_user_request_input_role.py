from enum import StrEnum


class UpdateUserRequestInputRole(StrEnum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"

    def __str__(self) -> str:
        return str(self.value)
