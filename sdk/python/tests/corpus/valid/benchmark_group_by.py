from typing import Optional

from service_sdk import (
    BaseBenchmark,
    ConfigurableParameter,
    ExtendedDocument,
    MatchCondition,
    MatchRule,
    ScoredDocument,
)

BENCHMARK_NAME = "notice_period_by_vendor"


class NoticePeriodBenchmark(BaseBenchmark):
    name = BENCHMARK_NAME
    target_labels = ["Contracts"]
    metric_unit = "days"
    group_by = ["vendor", "currency"]
    MATCH_RULES = [
        MatchRule(
            "amendments",
            ["Contracts"],
            ["Amendment"],
            [
                MatchCondition("contract_number", "contract_number"),
                MatchCondition(left_field="end_date", right_field="start_date", match_type="<="),
            ],
        )
    ]
    configurable_parameters = [
        ConfigurableParameter("min_days", "int", 30, "Shorter notice periods are flagged"),
        ConfigurableParameter("strict", "bool", False, "Flag equal values too"),
    ]

    def score(self, document: ExtendedDocument) -> Optional[float]:
        days = document.get("notice_period_days")
        if days is None:
            return None
        for amendment in document.aggregations.get("amendments", []):
            days = amendment.get("notice_period_days", days)
        return float(days)

    def compute(self, results: list[ScoredDocument]) -> float:
        scores = sorted(r.score for r in results)
        return scores[len(scores) // 2]

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        if self.configs.get("strict"):
            return document_score <= benchmark_score
        return document_score < benchmark_score
