from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.contract_create_request_status import ContractCreateRequestStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContractCreateRequest")


@_attrs_define
class ContractCreateRequest:
    """
    Attributes:
        vendor (str):
        type_ (str):
        renewal_date (datetime.date): end of the current term (YYYY-MM-DD); rolled forward yearly when auto_renew
        auto_renew (bool):  Default: False.
        annual_value (float | None | Unset):
        status (ContractCreateRequestStatus | Unset): computed from the dates when absent
        currency (Any | None | Unset):
        notice_period_days (int | None | Unset):
        document_id (None | Unset | UUID):
    """

    vendor: str
    type_: str
    renewal_date: datetime.date
    auto_renew: bool = False
    annual_value: float | None | Unset = UNSET
    status: ContractCreateRequestStatus | Unset = UNSET
    currency: Any | None | Unset = UNSET
    notice_period_days: int | None | Unset = UNSET
    document_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        vendor = self.vendor

        type_ = self.type_

        renewal_date = self.renewal_date.isoformat()

        auto_renew = self.auto_renew

        annual_value: float | None | Unset
        if isinstance(self.annual_value, Unset):
            annual_value = UNSET
        else:
            annual_value = self.annual_value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        currency: Any | None | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        notice_period_days: int | None | Unset
        if isinstance(self.notice_period_days, Unset):
            notice_period_days = UNSET
        else:
            notice_period_days = self.notice_period_days

        document_id: None | str | Unset
        if isinstance(self.document_id, Unset):
            document_id = UNSET
        elif isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "vendor": vendor,
                "type": type_,
                "renewal_date": renewal_date,
                "auto_renew": auto_renew,
            }
        )
        if annual_value is not UNSET:
            field_dict["annual_value"] = annual_value
        if status is not UNSET:
            field_dict["status"] = status
        if currency is not UNSET:
            field_dict["currency"] = currency
        if notice_period_days is not UNSET:
            field_dict["notice_period_days"] = notice_period_days
        if document_id is not UNSET:
            field_dict["document_id"] = document_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        vendor = d.pop("vendor")

        type_ = d.pop("type")

        renewal_date = datetime.date.fromisoformat(d.pop("renewal_date"))

        auto_renew = d.pop("auto_renew")

        def _parse_annual_value(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        annual_value = _parse_annual_value(d.pop("annual_value", UNSET))

        _status = d.pop("status", UNSET)
        status: ContractCreateRequestStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ContractCreateRequestStatus(_status)

        def _parse_currency(data: object) -> Any | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Any | None | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_notice_period_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        notice_period_days = _parse_notice_period_days(
            d.pop("notice_period_days", UNSET)
        )

        def _parse_document_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)

                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        document_id = _parse_document_id(d.pop("document_id", UNSET))

        contract_create_request = cls(
            vendor=vendor,
            type_=type_,
            renewal_date=renewal_date,
            auto_renew=auto_renew,
            annual_value=annual_value,
            status=status,
            currency=currency,
            notice_period_days=notice_period_days,
            document_id=document_id,
        )

        return contract_create_request
