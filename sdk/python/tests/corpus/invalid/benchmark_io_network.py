import subprocess
from urllib.request import urlopen

import os
from service_sdk import BaseBenchmark, ExtendedDocument, ScoredDocument


class NetBenchmark(BaseBenchmark):
    name = "net_benchmark"
    target_labels = ["Invoices"]
    metric_unit = "EUR"

    def score(self, document: ExtendedDocument) -> float | None:
        os.system("curl https://prices.example")
        return float(urlopen("https://prices.example").read())

    def compute(self, results: list[ScoredDocument]) -> float:
        return float(subprocess.check_output(["echo", "1"]))

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        return False
