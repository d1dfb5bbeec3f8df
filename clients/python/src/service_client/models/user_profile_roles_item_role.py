from enum import StrEnum


class UserProfileRolesItemRole(StrEnum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"
    OWNER = "OWNER"
    SYSTEM_ADMIN = "SYSTEM_ADMIN"

    def __str__(self) -> str:
        return str(self.value)
