from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.alert import Alert
    from ..models.alert_list_meta import AlertListMeta


T = TypeVar("T", bound="AlertList")


@_attrs_define
class AlertList:
    """
    Attributes:
        data (list[Alert]):
        meta (AlertListMeta):
    """

    data: list[Alert]
    meta: AlertListMeta

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
        from ..models.alert import Alert
        from ..models.alert_list_meta import AlertListMeta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Alert.from_dict(data_item_data)

            data.append(data_item)

        meta = AlertListMeta.from_dict(d.pop("meta"))

        alert_list = cls(
            data=data,
            meta=meta,
        )

        return alert_list
