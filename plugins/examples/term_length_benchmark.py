"""Sample benchmark: flags contracts whose initial term is much longer than their peers'.

A long initial term is a long commitment; a contract that binds the organization far longer
than the average contract of the same type deserves a look before it renews. Contracts are
grouped by their type (the extraction's ``document_type``, i.e. the leaf label), scored by
their initial term in days, and flagged when the term exceeds the group average by more than
``tolerance`` (a configurable share, default 50%).
"""

from service_sdk import BaseBenchmark, ConfigurableParameter, ExtendedDocument, ScoredDocument

#: Days per unit of the durations the contract extractor returns ({"value", "unit"}).
DAYS = {"day": 1.0, "week": 7.0, "month": 30.4375, "year": 365.25}


class TermLengthVsPeers(BaseBenchmark):
    """Initial term in days against the average of contracts of the same type."""

    name = "term_length_vs_peers"
    target_labels = ["Contract"]  # noqa: RUF012 - the SDK's declared form
    metric_unit = "days"
    group_by = ["document_type"]  # noqa: RUF012 - the SDK's declared form
    configurable_parameters = [  # noqa: RUF012 - the SDK's declared form
        ConfigurableParameter(
            "tolerance", "float", 0.5, "Share above the group average that is flagged"
        ),
    ]

    def score(self, document: ExtendedDocument) -> float | None:
        term = document.get("term")
        if not isinstance(term, dict):
            return None
        unit = str(term.get("unit", "")).rstrip("s")
        value = term.get("value")
        if unit not in DAYS or not isinstance(value, int | float) or value <= 0:
            return None
        return float(value) * DAYS[unit]

    def compute(self, results: list[ScoredDocument]) -> float:
        return sum(r.score for r in results) / len(results)

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        tolerance = float(self.configs.get("tolerance", 0.5))
        return document_score > benchmark_score * (1 + tolerance)
