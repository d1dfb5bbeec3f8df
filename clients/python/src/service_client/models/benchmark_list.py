from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.benchmark import Benchmark
    from ..models.benchmark_list_meta import BenchmarkListMeta


T = TypeVar("T", bound="BenchmarkList")


@_attrs_define
class BenchmarkList:
    """
    Attributes:
        data (list[Benchmark]):
        meta (BenchmarkListMeta):
    """

    data: list[Benchmark]
    meta: BenchmarkListMeta

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
        from ..models.benchmark import Benchmark
        from ..models.benchmark_list_meta import BenchmarkListMeta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Benchmark.from_dict(data_item_data)

            data.append(data_item)

        meta = BenchmarkListMeta.from_dict(d.pop("meta"))

        benchmark_list = cls(
            data=data,
            meta=meta,
        )

        return benchmark_list
