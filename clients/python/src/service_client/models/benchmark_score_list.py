from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.benchmark_run import BenchmarkRun
    from ..models.benchmark_score import BenchmarkScore
    from ..models.benchmark_score_list_meta import BenchmarkScoreListMeta


T = TypeVar("T", bound="BenchmarkScoreList")


@_attrs_define
class BenchmarkScoreList:
    """
    Attributes:
        run (BenchmarkRun | None): the latest successful run the scores come from
        data (list[BenchmarkScore]): highest score first
        meta (BenchmarkScoreListMeta):
    """

    run: BenchmarkRun | None
    data: list[BenchmarkScore]
    meta: BenchmarkScoreListMeta

    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_run import BenchmarkRun

        run: dict[str, Any] | None
        if isinstance(self.run, BenchmarkRun):
            run = self.run.to_dict()
        else:
            run = self.run

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run": run,
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.benchmark_run import BenchmarkRun
        from ..models.benchmark_score import BenchmarkScore
        from ..models.benchmark_score_list_meta import BenchmarkScoreListMeta

        d = dict(src_dict)

        def _parse_run(data: object) -> BenchmarkRun | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                run_type_0 = BenchmarkRun.from_dict(data)

                return run_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BenchmarkRun | None, data)

        run = _parse_run(d.pop("run"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = BenchmarkScore.from_dict(data_item_data)

            data.append(data_item)

        meta = BenchmarkScoreListMeta.from_dict(d.pop("meta"))

        benchmark_score_list = cls(
            run=run,
            data=data,
            meta=meta,
        )

        return benchmark_score_list
