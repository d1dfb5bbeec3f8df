from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.contract_version_input_contract import ContractVersionInputContract


T = TypeVar("T", bound="ContractVersionInput")


@_attrs_define
class ContractVersionInput:
    """
    Attributes:
        version (int):
        reason (str): CREATED, EXTRACTION, SCAN, DOCUMENT_DELETED (its document was deleted; the contract was entered by
            hand)
        document_id (None | UUID):
        created_at (str):
        contract (ContractVersionInputContract): the contract as it was at this version
    """

    version: int
    reason: str
    document_id: None | UUID
    created_at: str
    contract: ContractVersionInputContract
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        reason = self.reason

        document_id: None | str
        if isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        created_at = self.created_at

        contract = self.contract.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "reason": reason,
                "document_id": document_id,
                "created_at": created_at,
                "contract": contract,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract_version_input_contract import (
            ContractVersionInputContract,
        )

        d = dict(src_dict)
        version = d.pop("version")

        reason = d.pop("reason")

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

        created_at = d.pop("created_at")

        contract = ContractVersionInputContract.from_dict(d.pop("contract"))

        contract_version_input = cls(
            version=version,
            reason=reason,
            document_id=document_id,
            created_at=created_at,
            contract=contract,
        )

        contract_version_input.additional_properties = d
        return contract_version_input

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
