from service_sdk import BaseBenchmark, ExtendedDocument

from .shared import MetricBase


class Defaults(MetricBase):
    metric_unit = "EUR"


class PriceBenchmark(Defaults, BaseBenchmark):
    name = "unit_price"

    async def score(self, document: ExtendedDocument) -> float | None:
        value = document.get("unit_price")
        return float(value) if isinstance(value, int | float) else None
