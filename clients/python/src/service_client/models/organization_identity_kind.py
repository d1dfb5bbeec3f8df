from enum import StrEnum


class OrganizationIdentityKind(StrEnum):
    DOMAIN = "DOMAIN"
    EMAIL_DOMAIN = "EMAIL_DOMAIN"
    LEGAL_NAME = "LEGAL_NAME"
    TAX_ID = "TAX_ID"

    def __str__(self) -> str:
        return str(self.value)
