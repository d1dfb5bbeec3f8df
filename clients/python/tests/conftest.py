"""A real server for the client's tests: `service-server serve --bootstrap-admin` on a temporary
data directory with the embedded database (as packages/web/test/support/global-setup.ts starts it),
its address and SYSTEM_ADMIN key read from what it prints."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SERVER = ROOT / "node_modules" / ".bin" / "service-server"
START_TIMEOUT_S = 240.0


@dataclass(frozen=True)
class Server:
    """A running server: its base URL (`http://127.0.0.1:PORT`) and a SYSTEM_ADMIN API key."""

    base_url: str
    api_key: str


def _wait_started(process: subprocess.Popen[str]) -> Server:
    """Reads the server's output until it printed `listening on URL` and `API key: KEY`.

    Raises RuntimeError when the server exits or prints neither within START_TIMEOUT_S seconds.
    """
    assert process.stdout is not None
    out = ""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(f"the server exited with {process.wait()}:\n{out}")
        out += line
        url = re.search(r"listening on (http://\S+)", out)
        key = re.search(r"API key: (dis_\S+)", out)
        if url and key:
            return Server(base_url=url.group(1), api_key=key.group(1))
    raise RuntimeError(f"the server did not start in {START_TIMEOUT_S:.0f} s:\n{out}")


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """Starts the built server (`make install` builds it) and stops it after the session."""
    if not SERVER.exists():
        pytest.fail(f"{SERVER} is missing: run `make install`")
    data_dir = tempfile.mkdtemp(prefix="python-client-data-")
    # The embedded database: no SERVICE_DATABASE_URL, whatever the calling shell has.
    unset = ("SERVICE_DATABASE_URL", "SERVICE_PUBLIC_URL")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env |= {
        "SERVICE_DATA_DIR": data_dir,
        "SERVICE_HOST": "127.0.0.1",
        "SERVICE_LOG_LEVEL": "warn",
        "SERVICE_RATE_LIMIT_ENABLED": "false",
    }
    process = subprocess.Popen(
        [str(SERVER), "serve", "--port", "0", "--bootstrap-admin", "admin@localhost"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        yield _wait_started(process)
    finally:
        # Its own process group: the runtime processes it started stop with it.
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        shutil.rmtree(data_dir, ignore_errors=True)
