"""Shared fixtures: corpus paths and a runtime client factory."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from service_sdk.runtime.client import RuntimeClient

# No example database: keeps the suite deterministic and writes no .hypothesis/ directory.
settings.register_profile("service_sdk", database=None)
settings.load_profile("service_sdk")

CORPUS = Path(__file__).parent / "corpus"
VALID = CORPUS / "valid"
INVALID = CORPUS / "invalid"


def corpus_source(name: str) -> str:
    """Return the text of ``valid/<name>.py``."""
    return (VALID / f"{name}.py").read_text(encoding="utf-8")


@pytest.fixture
def runtime() -> Iterator[Callable[..., RuntimeClient]]:
    """Factory of runtime clients (closed at teardown); kwargs go to RuntimeClient."""
    clients: list[RuntimeClient] = []

    def make(*args: str, **kwargs: Any) -> RuntimeClient:
        kwargs.setdefault("stderr", subprocess.DEVNULL)
        client = RuntimeClient(list(args), **kwargs)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()
