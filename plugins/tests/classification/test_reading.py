"""A label's words read as a sentence against the knowledge base's kinds: at the root against
each kind's closest name and what it is, so a bare name finds the kind its documents are."""

from __future__ import annotations

import pytest

from service_builtins.classification import reading
from service_builtins.classification.embedding import EmbeddingUnavailable
from service_builtins.classification.reading import ROOT_KINDS, kind_readings, root_kind


def _best(scored: dict[str, float]) -> str:
    return max(scored, key=lambda k: scored[k])


def test_a_bare_root_name_reads_as_the_kind_its_documents_are() -> None:
    # joined, the root kinds' names and glosses read alike: "Amounts Owed" was a bank
    # statement and "Handbooks and Notices" a privacy notice
    assert _best(kind_readings("Amounts Owed", ROOT_KINDS, False)) == "bank_statement"
    assert _best(kind_readings("Amounts Owed", ROOT_KINDS, True)) == "invoice"
    assert _best(kind_readings("Handbooks and Notices", ROOT_KINDS, False)) == "privacy_notice"
    assert root_kind("Handbooks and Notices", "") == "policy"
    assert root_kind("Signed Deals", "") == "contract"


def test_the_root_kinds_are_the_kinds_without_a_family() -> None:
    assert "contract" in ROOT_KINDS
    assert "invoice" in ROOT_KINDS
    assert "license" not in ROOT_KINDS  # a licence is a contract at the root


def test_without_the_encoder_a_root_label_has_no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable(_text: str) -> None:
        raise EmbeddingUnavailable("no model here")

    monkeypatch.setattr(reading, "embed", unavailable)
    reading.kind_readings.cache_clear()
    try:
        assert root_kind("Some Label Never Read Before", "") is None
    finally:
        reading.kind_readings.cache_clear()
