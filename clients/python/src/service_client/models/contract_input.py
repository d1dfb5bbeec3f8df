from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contract_input_origin import ContractInputOrigin
from ..models.contract_input_status import ContractInputStatus

if TYPE_CHECKING:
    from ..models.contract_input_renewal_term_type_0 import (
        ContractInputRenewalTermType0,
    )
    from ..models.contract_input_term_type_0 import ContractInputTermType0


T = TypeVar("T", bound="ContractInput")


@_attrs_define
class ContractInput:
    """
    Attributes:
        id (UUID):
        vendor (str): the counterparty of the organization
        type_ (str): the leaf label of the contract document (e.g. Supply), or as given
        renewal_date (None | str): next end or renewal date, YYYY-MM-DD; null when unknown
        annual_value (float | None): value per year in `currency`
        status (ContractInputStatus):
        currency (None | str): ISO 4217 code
        notice_period_days (int | None):
        notice_deadline (None | str): renewal_date − notice period, YYYY-MM-DD
        auto_renew (bool):
        effective_date (None | str):
        expiration_date (None | str): end of the initial term as stated or computed
        term (ContractInputTermType0 | None):
        renewal_term (ContractInputRenewalTermType0 | None):
        document_id (None | UUID):
        origin (ContractInputOrigin):
        version (int):
        created_at (str):
        updated_at (str):
    """

    id: UUID
    vendor: str
    type_: str
    renewal_date: None | str
    annual_value: float | None
    status: ContractInputStatus
    currency: None | str
    notice_period_days: int | None
    notice_deadline: None | str
    auto_renew: bool
    effective_date: None | str
    expiration_date: None | str
    term: ContractInputTermType0 | None
    renewal_term: ContractInputRenewalTermType0 | None
    document_id: None | UUID
    origin: ContractInputOrigin
    version: int
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contract_input_renewal_term_type_0 import (
            ContractInputRenewalTermType0,
        )
        from ..models.contract_input_term_type_0 import ContractInputTermType0

        id = str(self.id)

        vendor = self.vendor

        type_ = self.type_

        renewal_date: None | str
        renewal_date = self.renewal_date

        annual_value: float | None
        annual_value = self.annual_value

        status = self.status.value

        currency: None | str
        currency = self.currency

        notice_period_days: int | None
        notice_period_days = self.notice_period_days

        notice_deadline: None | str
        notice_deadline = self.notice_deadline

        auto_renew = self.auto_renew

        effective_date: None | str
        effective_date = self.effective_date

        expiration_date: None | str
        expiration_date = self.expiration_date

        term: dict[str, Any] | None
        if isinstance(self.term, ContractInputTermType0):
            term = self.term.to_dict()
        else:
            term = self.term

        renewal_term: dict[str, Any] | None
        if isinstance(self.renewal_term, ContractInputRenewalTermType0):
            renewal_term = self.renewal_term.to_dict()
        else:
            renewal_term = self.renewal_term

        document_id: None | str
        if isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        origin = self.origin.value

        version = self.version

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "vendor": vendor,
                "type": type_,
                "renewal_date": renewal_date,
                "annual_value": annual_value,
                "status": status,
                "currency": currency,
                "notice_period_days": notice_period_days,
                "notice_deadline": notice_deadline,
                "auto_renew": auto_renew,
                "effective_date": effective_date,
                "expiration_date": expiration_date,
                "term": term,
                "renewal_term": renewal_term,
                "document_id": document_id,
                "origin": origin,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract_input_renewal_term_type_0 import (
            ContractInputRenewalTermType0,
        )
        from ..models.contract_input_term_type_0 import ContractInputTermType0

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        vendor = d.pop("vendor")

        type_ = d.pop("type")

        def _parse_renewal_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        renewal_date = _parse_renewal_date(d.pop("renewal_date"))

        def _parse_annual_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        annual_value = _parse_annual_value(d.pop("annual_value"))

        status = ContractInputStatus(d.pop("status"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_notice_period_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        notice_period_days = _parse_notice_period_days(d.pop("notice_period_days"))

        def _parse_notice_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notice_deadline = _parse_notice_deadline(d.pop("notice_deadline"))

        auto_renew = d.pop("auto_renew")

        def _parse_effective_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        effective_date = _parse_effective_date(d.pop("effective_date"))

        def _parse_expiration_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expiration_date = _parse_expiration_date(d.pop("expiration_date"))

        def _parse_term(data: object) -> ContractInputTermType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                term_type_0 = ContractInputTermType0.from_dict(data)

                return term_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContractInputTermType0 | None, data)

        term = _parse_term(d.pop("term"))

        def _parse_renewal_term(data: object) -> ContractInputRenewalTermType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                renewal_term_type_0 = ContractInputRenewalTermType0.from_dict(data)

                return renewal_term_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContractInputRenewalTermType0 | None, data)

        renewal_term = _parse_renewal_term(d.pop("renewal_term"))

        def _parse_document_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)

                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        document_id = _parse_document_id(d.pop("document_id"))

        origin = ContractInputOrigin(d.pop("origin"))

        version = d.pop("version")

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        contract_input = cls(
            id=id,
            vendor=vendor,
            type_=type_,
            renewal_date=renewal_date,
            annual_value=annual_value,
            status=status,
            currency=currency,
            notice_period_days=notice_period_days,
            notice_deadline=notice_deadline,
            auto_renew=auto_renew,
            effective_date=effective_date,
            expiration_date=expiration_date,
            term=term,
            renewal_term=renewal_term,
            document_id=document_id,
            origin=origin,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
        )

        contract_input.additional_properties = d
        return contract_input

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
