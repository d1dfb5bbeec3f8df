"""Sample price benchmark: flags invoices whose total is far above their peers'.

Invoices are grouped by currency (amounts in different currencies do not compare) and scored
by their total amount; an invoice whose total exceeds the group average by more than
``tolerance`` (default 25%) is flagged as possibly overpriced. Invoices without a total are
skipped. With many invoices, add ``seller`` to ``group_by`` to compare like with like.
"""

from service_sdk import BaseBenchmark, ConfigurableParameter, ExtendedDocument, ScoredDocument


class InvoiceTotalVsAverage(BaseBenchmark):
    """Invoice total against the average of invoices in the same currency."""

    name = "invoice_total_vs_average"
    target_labels = ["Invoice"]  # noqa: RUF012 - the SDK's declared form
    metric_unit = "currency units"
    group_by = ["currency"]  # noqa: RUF012 - the SDK's declared form
    configurable_parameters = [  # noqa: RUF012 - the SDK's declared form
        ConfigurableParameter(
            "tolerance", "float", 0.25, "Share above the group average that is flagged"
        ),
    ]

    def score(self, document: ExtendedDocument) -> float | None:
        value = document.get("total_amount")
        if isinstance(value, dict):
            value = value.get("amount")
        if not isinstance(value, int | float):
            return None
        return float(value)

    def compute(self, results: list[ScoredDocument]) -> float:
        return sum(r.score for r in results) / len(results)

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        tolerance = float(self.configs.get("tolerance", 0.25))
        return document_score > benchmark_score * (1 + tolerance)
