"""Benchmark whose score loops forever when the document asks for it (CPU-limit tests)."""

from service_sdk import BaseBenchmark, ExtendedDocument, ScoredDocument, logger


class SpinBenchmark(BaseBenchmark):
    name = "spin"
    target_labels = ["Anything"]
    metric_unit = "count"

    def score(self, document: ExtendedDocument) -> float | None:
        if document.get("spin"):
            n = 0
            while True:
                n += 1
        if document.get("fail"):
            raise ValueError("cannot score this document")
        logger.info("scoring %s", document.id)
        return float(len(document.text))

    def compute(self, results: list[ScoredDocument]) -> float:
        return max(r.score for r in results)

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        return document_score >= benchmark_score
