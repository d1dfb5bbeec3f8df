from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contract import Contract
    from ..models.contract_list_meta import ContractListMeta


T = TypeVar("T", bound="ContractList")


@_attrs_define
class ContractList:
    """
    Attributes:
        data (list[Contract]):
        meta (ContractListMeta):
    """

    data: list[Contract]
    meta: ContractListMeta

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract import Contract
        from ..models.contract_list_meta import ContractListMeta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Contract.from_dict(data_item_data)

            data.append(data_item)

        meta = ContractListMeta.from_dict(d.pop("meta"))

        contract_list = cls(
            data=data,
            meta=meta,
        )

        return contract_list
