from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.marketplace_entitlement_registration_plan import (
    MarketplaceEntitlementRegistrationPlan,
)
from ..models.marketplace_entitlement_registration_status import (
    MarketplaceEntitlementRegistrationStatus,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="MarketplaceEntitlementRegistration")


@_attrs_define
class MarketplaceEntitlementRegistration:
    """
    Attributes:
        entitlement_id (str):
        account_id (str):
        email (Any):
        plan (MarketplaceEntitlementRegistrationPlan):
        status (MarketplaceEntitlementRegistrationStatus):  Default: MarketplaceEntitlementRegistrationStatus.ACTIVE.
        starts_at (datetime.datetime | None | Unset):
        ends_at (datetime.datetime | None | Unset):
    """

    entitlement_id: str
    account_id: str
    email: Any
    plan: MarketplaceEntitlementRegistrationPlan
    status: MarketplaceEntitlementRegistrationStatus = (
        MarketplaceEntitlementRegistrationStatus.ACTIVE
    )
    starts_at: datetime.datetime | None | Unset = UNSET
    ends_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        entitlement_id = self.entitlement_id

        account_id = self.account_id

        email = self.email

        plan = self.plan.value

        status = self.status.value

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        ends_at: None | str | Unset
        if isinstance(self.ends_at, Unset):
            ends_at = UNSET
        elif isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entitlement_id": entitlement_id,
                "account_id": account_id,
                "email": email,
                "plan": plan,
                "status": status,
            }
        )
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if ends_at is not UNSET:
            field_dict["ends_at"] = ends_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entitlement_id = d.pop("entitlement_id")

        account_id = d.pop("account_id")

        email = d.pop("email")

        plan = MarketplaceEntitlementRegistrationPlan(d.pop("plan"))

        status = MarketplaceEntitlementRegistrationStatus(d.pop("status"))

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        def _parse_ends_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        ends_at = _parse_ends_at(d.pop("ends_at", UNSET))

        marketplace_entitlement_registration = cls(
            entitlement_id=entitlement_id,
            account_id=account_id,
            email=email,
            plan=plan,
            status=status,
            starts_at=starts_at,
            ends_at=ends_at,
        )

        return marketplace_entitlement_registration
