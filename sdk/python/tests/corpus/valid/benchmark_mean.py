from service_sdk import BaseBenchmark, ExtendedDocument, ScoredDocument


class AnnualValueBenchmark(BaseBenchmark):
    name = "annual_value_mean"
    target_labels = ["Contracts", "Supply Agreement"]
    metric_unit = "EUR"

    def score(self, document: ExtendedDocument) -> float | None:
        value = document.get("annual_value")
        return float(value) if isinstance(value, int | float) else None

    def compute(self, results: list[ScoredDocument]) -> float:
        return sum(r.score for r in results) / len(results)

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        return document_score > 1.2 * benchmark_score
