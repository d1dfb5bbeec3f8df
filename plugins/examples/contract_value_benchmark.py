"""Sample price benchmark: flags contracts whose value is far above their peers'.

Contracts are grouped by currency (amounts in different currencies do not compare) and scored
by their stated contract value; a contract whose value exceeds the group average by more than
``tolerance`` (default 25%) is flagged as possibly overpriced. Contracts without a stated value
are skipped. With many contracts, add ``document_type`` to ``group_by`` to compare like with like.
"""

from service_sdk import BaseBenchmark, ConfigurableParameter, ExtendedDocument, ScoredDocument


class ContractValueVsPeers(BaseBenchmark):
    """Contract value against the average of contracts in the same currency."""

    name = "contract_value_vs_peers"
    target_labels = ["Contract"]  # noqa: RUF012 - the SDK's declared form
    metric_unit = "currency units"
    group_by = ["currency"]  # noqa: RUF012 - the SDK's declared form
    configurable_parameters = [  # noqa: RUF012 - the SDK's declared form
        ConfigurableParameter(
            "tolerance", "float", 0.25, "Share above the group average that is flagged"
        ),
    ]

    def score(self, document: ExtendedDocument) -> float | None:
        value = document.get("contract_value")
        if isinstance(value, dict):
            value = value.get("amount")
        if not isinstance(value, int | float) or value <= 0:
            return None
        return float(value)

    def compute(self, results: list[ScoredDocument]) -> float:
        return sum(r.score for r in results) / len(results)

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        tolerance = float(self.configs.get("tolerance", 0.25))
        return document_score > benchmark_score * (1 + tolerance)
