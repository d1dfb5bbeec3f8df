from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.contract_term_type_0_unit import ContractTermType0Unit

T = TypeVar("T", bound="ContractTermType0")


@_attrs_define
class ContractTermType0:
    """a duration: value and unit

    Attributes:
        value (float):
        unit (ContractTermType0Unit):
    """

    value: float
    unit: ContractTermType0Unit

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        unit = self.unit.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        unit = ContractTermType0Unit(d.pop("unit"))

        contract_term_type_0 = cls(
            value=value,
            unit=unit,
        )

        return contract_term_type_0
