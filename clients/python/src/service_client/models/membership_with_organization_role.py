from enum import StrEnum


class MembershipWithOrganizationRole(StrEnum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"
    OWNER = "OWNER"

    def __str__(self) -> str:
        return str(self.value)
