from service_sdk import BaseBenchmark, ExtendedDocument, ScoredDocument


class AsyncBenchmark(BaseBenchmark):
    name = "async_benchmark"
    target_labels = ["Invoices"]
    metric_unit = "EUR"

    async def score(self, document: ExtendedDocument) -> float | None:
        return 1.0

    def compute(self, results: list[ScoredDocument]) -> float:
        return 1.0

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        return False
