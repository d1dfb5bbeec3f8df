from enum import StrEnum


class UpdateMemberRoleRequestRole(StrEnum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"

    def __str__(self) -> str:
        return str(self.value)
