from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.marketplace_entitlement_input_effective_plan import (
    MarketplaceEntitlementInputEffectivePlan,
)
from ..models.marketplace_entitlement_input_plan import MarketplaceEntitlementInputPlan
from ..models.marketplace_entitlement_input_status import (
    MarketplaceEntitlementInputStatus,
)

T = TypeVar("T", bound="MarketplaceEntitlementInput")


@_attrs_define
class MarketplaceEntitlementInput:
    """
    Attributes:
        id (UUID):
        entitlement_id (str):
        account_id (str):
        email (str):
        plan (MarketplaceEntitlementInputPlan):
        status (MarketplaceEntitlementInputStatus): ACTIVE past ends_at reads EXPIRED
        effective_plan (MarketplaceEntitlementInputEffectivePlan): the plan whose quotas apply: plan while ACTIVE, else
            free
        starts_at (None | str):
        ends_at (None | str):
        organization_id (None | UUID):
        linked_at (None | str):
        created_at (str):
        updated_at (str):
    """

    id: UUID
    entitlement_id: str
    account_id: str
    email: str
    plan: MarketplaceEntitlementInputPlan
    status: MarketplaceEntitlementInputStatus
    effective_plan: MarketplaceEntitlementInputEffectivePlan
    starts_at: None | str
    ends_at: None | str
    organization_id: None | UUID
    linked_at: None | str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        entitlement_id = self.entitlement_id

        account_id = self.account_id

        email = self.email

        plan = self.plan.value

        status = self.status.value

        effective_plan = self.effective_plan.value

        starts_at: None | str
        starts_at = self.starts_at

        ends_at: None | str
        ends_at = self.ends_at

        organization_id: None | str
        if isinstance(self.organization_id, UUID):
            organization_id = str(self.organization_id)
        else:
            organization_id = self.organization_id

        linked_at: None | str
        linked_at = self.linked_at

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "entitlement_id": entitlement_id,
                "account_id": account_id,
                "email": email,
                "plan": plan,
                "status": status,
                "effective_plan": effective_plan,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "organization_id": organization_id,
                "linked_at": linked_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        entitlement_id = d.pop("entitlement_id")

        account_id = d.pop("account_id")

        email = d.pop("email")

        plan = MarketplaceEntitlementInputPlan(d.pop("plan"))

        status = MarketplaceEntitlementInputStatus(d.pop("status"))

        effective_plan = MarketplaceEntitlementInputEffectivePlan(
            d.pop("effective_plan")
        )

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

        def _parse_organization_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                organization_id_type_0 = UUID(data)

                return organization_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))

        def _parse_linked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        linked_at = _parse_linked_at(d.pop("linked_at"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        marketplace_entitlement_input = cls(
            id=id,
            entitlement_id=entitlement_id,
            account_id=account_id,
            email=email,
            plan=plan,
            status=status,
            effective_plan=effective_plan,
            starts_at=starts_at,
            ends_at=ends_at,
            organization_id=organization_id,
            linked_at=linked_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        marketplace_entitlement_input.additional_properties = d
        return marketplace_entitlement_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
