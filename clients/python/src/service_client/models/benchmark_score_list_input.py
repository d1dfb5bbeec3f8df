from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.benchmark_run_input import BenchmarkRunInput
    from ..models.benchmark_score_input import BenchmarkScoreInput
    from ..models.benchmark_score_list_input_meta import BenchmarkScoreListInputMeta


T = TypeVar("T", bound="BenchmarkScoreListInput")


@_attrs_define
class BenchmarkScoreListInput:
    """
    Attributes:
        run (BenchmarkRunInput | None): the latest successful run the scores come from
        data (list[BenchmarkScoreInput]): highest score first
        meta (BenchmarkScoreListInputMeta):
    """

    run: BenchmarkRunInput | None
    data: list[BenchmarkScoreInput]
    meta: BenchmarkScoreListInputMeta
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_run_input import BenchmarkRunInput

        run: dict[str, Any] | None
        if isinstance(self.run, BenchmarkRunInput):
            run = self.run.to_dict()
        else:
            run = self.run

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.benchmark_run_input import BenchmarkRunInput
        from ..models.benchmark_score_input import BenchmarkScoreInput
        from ..models.benchmark_score_list_input_meta import BenchmarkScoreListInputMeta

        d = dict(src_dict)

        def _parse_run(data: object) -> BenchmarkRunInput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                run_type_0 = BenchmarkRunInput.from_dict(data)

                return run_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BenchmarkRunInput | None, data)

        run = _parse_run(d.pop("run"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = BenchmarkScoreInput.from_dict(data_item_data)

            data.append(data_item)

        meta = BenchmarkScoreListInputMeta.from_dict(d.pop("meta"))

        benchmark_score_list_input = cls(
            run=run,
            data=data,
            meta=meta,
        )

        benchmark_score_list_input.additional_properties = d
        return benchmark_score_list_input

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
