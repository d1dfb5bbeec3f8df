from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.marketplace_subscription_effective_plan import (
    MarketplaceSubscriptionEffectivePlan,
)
from ..models.marketplace_subscription_plan import MarketplaceSubscriptionPlan
from ..models.marketplace_subscription_status_type_0 import (
    MarketplaceSubscriptionStatusType0,
)

T = TypeVar("T", bound="MarketplaceSubscription")


@_attrs_define
class MarketplaceSubscription:
    """
    Attributes:
        plan (MarketplaceSubscriptionPlan): plan of the linked entitlement; free when none
        status (Literal['NONE'] | MarketplaceSubscriptionStatusType0): NONE when no entitlement is linked
        effective_plan (MarketplaceSubscriptionEffectivePlan): the plan whose quotas apply now
        entitlement_id (None | str):
        account_id (None | str):
        starts_at (None | str):
        ends_at (None | str):
    """

    plan: MarketplaceSubscriptionPlan
    status: Literal["NONE"] | MarketplaceSubscriptionStatusType0
    effective_plan: MarketplaceSubscriptionEffectivePlan
    entitlement_id: None | str
    account_id: None | str
    starts_at: None | str
    ends_at: None | str

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan.value

        status: Literal["NONE"] | str
        if isinstance(self.status, MarketplaceSubscriptionStatusType0):
            status = self.status.value
        else:
            status = self.status

        effective_plan = self.effective_plan.value

        entitlement_id: None | str
        entitlement_id = self.entitlement_id

        account_id: None | str
        account_id = self.account_id

        starts_at: None | str
        starts_at = self.starts_at

        ends_at: None | str
        ends_at = self.ends_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
                "status": status,
                "effective_plan": effective_plan,
                "entitlement_id": entitlement_id,
                "account_id": account_id,
                "starts_at": starts_at,
                "ends_at": ends_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        plan = MarketplaceSubscriptionPlan(d.pop("plan"))

        def _parse_status(
            data: object,
        ) -> Literal["NONE"] | MarketplaceSubscriptionStatusType0:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = MarketplaceSubscriptionStatusType0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            status_type_1 = cast(Literal["NONE"], data)
            if status_type_1 != "NONE":
                raise ValueError(
                    f"status_type_1 must match const 'NONE', got '{status_type_1}'"
                )
            return status_type_1

        status = _parse_status(d.pop("status"))

        effective_plan = MarketplaceSubscriptionEffectivePlan(d.pop("effective_plan"))

        def _parse_entitlement_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        entitlement_id = _parse_entitlement_id(d.pop("entitlement_id"))

        def _parse_account_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_id = _parse_account_id(d.pop("account_id"))

        def _parse_starts_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        starts_at = _parse_starts_at(d.pop("starts_at"))

        def _parse_ends_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

        marketplace_subscription = cls(
            plan=plan,
            status=status,
            effective_plan=effective_plan,
            entitlement_id=entitlement_id,
            account_id=account_id,
            starts_at=starts_at,
            ends_at=ends_at,
        )

        return marketplace_subscription
