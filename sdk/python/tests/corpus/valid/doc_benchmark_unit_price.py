"""Flags invoices whose unit price is above the median price of the same product."""

import statistics

from service_sdk import (
    BaseBenchmark,
    ConfigurableParameter,
    ExtendedDocument,
    MatchCondition,
    MatchRule,
    ScoredDocument,
)


class UnitPriceBenchmark(BaseBenchmark):
    name = "unit_price_vs_median"
    target_labels = ["Invoices"]
    metric_unit = "EUR"
    group_by = ["product"]
    MATCH_RULES = [
        MatchRule(
            name="contract",
            left_group=["Invoices"],
            right_group=["Supply Agreement"],
            conditions=[MatchCondition("vendor", "vendor", "==")],
        )
    ]
    configurable_parameters = [
        ConfigurableParameter("tolerance", "float", 0.05, "Allowed share above the median"),
    ]

    def score(self, document: ExtendedDocument) -> float | None:
        price = document.get("unit_price")
        if price is None:
            return None
        contracts = document.aggregations.get("contract", [])
        agreed = contracts[0].get("unit_price") if contracts else None
        return float(agreed if agreed is not None and float(agreed) < float(price) else price)

    def compute(self, results: list[ScoredDocument]) -> float:
        return float(statistics.median(r.score for r in results))

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        tolerance = float(self.configs.get("tolerance", 0.05))
        return document_score > benchmark_score * (1 + tolerance)
