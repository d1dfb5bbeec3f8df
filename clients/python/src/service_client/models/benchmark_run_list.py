from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.benchmark_run import BenchmarkRun
    from ..models.benchmark_run_list_meta import BenchmarkRunListMeta


T = TypeVar("T", bound="BenchmarkRunList")


@_attrs_define
class BenchmarkRunList:
    """
    Attributes:
        data (list[BenchmarkRun]):
        meta (BenchmarkRunListMeta):
    """

    data: list[BenchmarkRun]
    meta: BenchmarkRunListMeta

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
        from ..models.benchmark_run import BenchmarkRun
        from ..models.benchmark_run_list_meta import BenchmarkRunListMeta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = BenchmarkRun.from_dict(data_item_data)

            data.append(data_item)

        meta = BenchmarkRunListMeta.from_dict(d.pop("meta"))

        benchmark_run_list = cls(
            data=data,
            meta=meta,
        )

        return benchmark_run_list
