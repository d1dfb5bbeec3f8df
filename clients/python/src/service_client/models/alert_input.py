from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.alert_input_kind import AlertInputKind
from ..models.alert_input_status import AlertInputStatus

if TYPE_CHECKING:
    from ..models.alert_input_data import AlertInputData


T = TypeVar("T", bound="AlertInput")


@_attrs_define
class AlertInput:
    """
    Attributes:
        id (UUID):
        kind (AlertInputKind):
        status (AlertInputStatus):
        title (str):
        contract_id (None | UUID):
        document_id (None | UUID):
        threshold_days (int | None): renewal alerts: days before the notice deadline
        due_date (None | str): renewal alerts: the notice deadline (YYYY-MM-DD)
        data (AlertInputData):
        snoozed_until (None | str):
        note (None | str):
        created_at (str):
        updated_at (str):
    """

    id: UUID
    kind: AlertInputKind
    status: AlertInputStatus
    title: str
    contract_id: None | UUID
    document_id: None | UUID
    threshold_days: int | None
    due_date: None | str
    data: AlertInputData
    snoozed_until: None | str
    note: None | str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        status = self.status.value

        title = self.title

        contract_id: None | str
        if isinstance(self.contract_id, UUID):
            contract_id = str(self.contract_id)
        else:
            contract_id = self.contract_id

        document_id: None | str
        if isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        threshold_days: int | None
        threshold_days = self.threshold_days

        due_date: None | str
        due_date = self.due_date

        data = self.data.to_dict()

        snoozed_until: None | str
        snoozed_until = self.snoozed_until

        note: None | str
        note = self.note

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "status": status,
                "title": title,
                "contract_id": contract_id,
                "document_id": document_id,
                "threshold_days": threshold_days,
                "due_date": due_date,
                "data": data,
                "snoozed_until": snoozed_until,
                "note": note,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.alert_input_data import AlertInputData

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = AlertInputKind(d.pop("kind"))

        status = AlertInputStatus(d.pop("status"))

        title = d.pop("title")

        def _parse_contract_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contract_id_type_0 = UUID(data)

                return contract_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contract_id = _parse_contract_id(d.pop("contract_id"))

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

        def _parse_threshold_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        threshold_days = _parse_threshold_days(d.pop("threshold_days"))

        def _parse_due_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        due_date = _parse_due_date(d.pop("due_date"))

        data = AlertInputData.from_dict(d.pop("data"))

        def _parse_snoozed_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        snoozed_until = _parse_snoozed_until(d.pop("snoozed_until"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        alert_input = cls(
            id=id,
            kind=kind,
            status=status,
            title=title,
            contract_id=contract_id,
            document_id=document_id,
            threshold_days=threshold_days,
            due_date=due_date,
            data=data,
            snoozed_until=snoozed_until,
            note=note,
            created_at=created_at,
            updated_at=updated_at,
        )

        alert_input.additional_properties = d
        return alert_input

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
