from enum import StrEnum


class UpdateUserRequestRole(StrEnum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"

    def __str__(self) -> str:
        return str(self.value)
