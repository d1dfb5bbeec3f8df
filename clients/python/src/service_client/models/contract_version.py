from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contract_version_contract import ContractVersionContract


T = TypeVar("T", bound="ContractVersion")


@_attrs_define
class ContractVersion:
    """
    Attributes:
        version (int):
        reason (str): CREATED, EXTRACTION, SCAN, DOCUMENT_DELETED (its document was deleted; the contract was entered by
            hand)
        document_id (None | UUID):
        created_at (str):
        contract (ContractVersionContract): the contract as it was at this version
    """

    version: int
    reason: str
    document_id: None | UUID
    created_at: str
    contract: ContractVersionContract

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
        from ..models.contract_version_contract import ContractVersionContract

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

        contract = ContractVersionContract.from_dict(d.pop("contract"))

        contract_version = cls(
            version=version,
            reason=reason,
            document_id=document_id,
            created_at=created_at,
            contract=contract,
        )

        return contract_version
