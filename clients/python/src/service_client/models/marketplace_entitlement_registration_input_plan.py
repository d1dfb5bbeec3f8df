from enum import StrEnum


class MarketplaceEntitlementRegistrationInputPlan(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    STANDARD = "standard"

    def __str__(self) -> str:
        return str(self.value)
