"""Calibrated confidence and out-of-domain abstention (issue 33)."""

from __future__ import annotations

from service_builtins.classification import calibration, decision, zero_shot

ROOTS = {
    "Contract": {"description": "Signed agreements with customers, suppliers and partners.",
                 "keywords": [], "path": ["Contract"]},
    "Invoice": {"description": "Invoices we receive from suppliers.", "keywords": [],
                "path": ["Invoice"]},
    "Policy": {"description": "Company policies, terms and privacy notices.", "keywords": [],
               "path": ["Policy"]},
}

README = """# left-pad

String left pad. Please note that we do not accept new features.

## Install

    npm install left-pad

## Usage

You can pad a string with spaces or any character you like. Our tests run on Node 18 and
we publish a new version when you report a bug. See the changelog for what changed.
"""


def _decide(text: str, depth: int | None = 0) -> decision.Decision:
    raw = zero_shot.bm25_scores(text, list(ROOTS), ROOTS)
    dist = zero_shot.softmax({k: v for k, (v, _) in raw.items()},
                             calibration.temperature(0, 11.0))
    return decision.decide(dist, raw, 0.2, 0.02, 2.0, depth=depth)


def test_the_fitted_parameters_are_shipped_and_monotone() -> None:
    params = calibration.parameters()
    assert params["root_min_evidence"] > 2.0
    assert 0 < params["min_probability"] < 1
    for kind in ("root", "inner"):
        table = params["isotonic"][kind]
        assert table["x"] == sorted(table["x"])
        assert table["y"] == sorted(table["y"])
        assert calibration.temperature(0 if kind == "root" else 1, 99.0) != 99.0
    xs = params["isotonic"]["inner"]["x"]
    middle = (xs[0] + xs[-1]) / 2
    assert 0.0 <= calibration.calibrated(middle, 1) <= 1.0
    assert calibration.calibrated(-1.0, 1) == params["isotonic"]["inner"]["y"][0]
    assert calibration.calibrated(2.0, 1) == params["isotonic"]["inner"]["y"][-1]


def test_a_readme_is_none_of_the_kinds_with_the_reason_stated() -> None:
    verdict = _decide(README)
    assert verdict.label is None
    assert verdict.reason == "out of domain"
    # without calibration (depth unknown) only the old evidence floor applies
    assert _decide(README, None).reason in (None, "no evidence", "low confidence")


def test_a_clear_invoice_is_decided_with_its_calibrated_probability() -> None:
    verdict = _decide("INVOICE\nInvoice number: 4711\nInvoice date: 2024-02-01\nBill to: Acme "
                      "Inc.\nItem Qty Unit price Amount\nSubtotal 100.00 VAT 19.00\nAmount "
                      "due 119.00 EUR\nIBAN DE12 Due date 2024-03-01")
    assert verdict.label == "Invoice"
    assert verdict.reason is None
    assert abs(sum((verdict.probabilities or {}).values()) - 1.0) < 1e-9
    assert verdict.probability > 0.9
