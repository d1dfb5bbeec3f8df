from service_sdk import BaseBenchmark, ExtendedDocument, ScoredDocument


class StrLabels(BaseBenchmark):
    name = "str_labels"
    target_labels = "Invoices"
    metric_unit = "EUR"

    def score(self, document: ExtendedDocument) -> float | None:
        return 1.0

    def compute(self, results: list[ScoredDocument]) -> float:
        return 1.0

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        return False
