from service_sdk import BaseBenchmark, ExtendedDocument, MatchCondition, MatchRule, ScoredDocument


class BadRule(BaseBenchmark):
    name = "bad_rule"
    target_labels = ["Invoices"]
    metric_unit = "EUR"
    MATCH_RULES = [
        MatchRule("orders", ["Invoices"], ["Orders"], [MatchCondition("po", "po", "~=")]),
    ]

    def score(self, document: ExtendedDocument) -> float | None:
        return 1.0

    def compute(self, results: list[ScoredDocument]) -> float:
        return 1.0

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        return False
