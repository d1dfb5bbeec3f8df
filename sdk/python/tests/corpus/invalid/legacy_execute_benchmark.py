from typing import Any

from service_sdk import BaseBenchmark


class OldBenchmark(BaseBenchmark):
    name = "old_benchmark"
    target_labels = ["Invoices"]
    metric_unit = "EUR"

    def execute(self, context: Any) -> Any:
        return None
