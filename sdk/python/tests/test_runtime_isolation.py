"""What one plugin leaves in its runtime process for the next (issue 37, item 6): imports,
inherited file descriptors and child processes. Driven as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .test_runtime import DOC, classifier


class Runtime:
    """A runtime process started in ``cwd`` with extra descriptors ``pass_fds``; one message
    at a time."""

    def __init__(self, cwd: Path, pass_fds: tuple[int, ...] = ()) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "service_sdk.runtime"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=cwd, pass_fds=pass_fds)
        self.seq = 0
        self.ready = self.read()
        assert self.ready["type"] == "ready"

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        answer: dict[str, Any] = json.loads(self.proc.stdout.readline())
        return answer

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.seq += 1
        msg_id = f"m{self.seq}"
        self.proc.stdin.write(json.dumps({**message, "id": msg_id}).encode() + b"\n")
        self.proc.stdin.flush()
        while True:
            answer = self.read()
            if answer.get("id") == msg_id and answer["type"] in ("result", "error"):
                return answer

    def run(self, plugin_id: str, body: str) -> Any:
        """Loads ``body`` as a classifier and calls it; returns the answer message."""
        loaded = self.send({"type": "load", "plugin_id": plugin_id, "source": classifier(body)})
        assert loaded["type"] == "result", loaded
        return self.send({"type": "call", "plugin_id": plugin_id, "method": "classify",
                          "args": {"document": DOC}})

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=10)


SHADOW = """import sys, types, builtins
with open({target!r}, "w") as f:
    f.write("PWNED = True\\n")
sys.path.insert(0, {directory!r})
fake = types.ModuleType("json")
fake.PWNED = True
sys.modules["json"] = fake
sys.modules["statistics"] = fake
import csv
del sys.modules["csv"]
real_import = builtins.__import__
builtins.__import__ = lambda name, *a, **k: fake if name == "base64" else real_import(name, *a, **k)
return None"""

PROBE = """import importlib, json as j
out = {}
for name in ("json", "statistics", "csv", "base64", "shadowed_here"):
    try:
        m = importlib.import_module(name) if name != "base64" else __import__(name)
        out[name] = [getattr(m, "__file__", None), hasattr(m, "PWNED")]
    except ImportError as exc:
        out[name] = ["ImportError", str(exc)]
return j.dumps(out)"""


def test_a_plugin_cannot_shadow_modules_for_the_next_plugin(tmp_path: Path) -> None:
    work = tmp_path / "work"
    planted = tmp_path / "planted"
    work.mkdir()
    planted.mkdir()
    (planted / "shadowed_here.py").write_text("PWNED = True\n")
    runtime = Runtime(work)
    try:
        # The working directory (the sandbox's writable /tmp) is not on sys.path.
        shadow = SHADOW.format(target=str(work / "statistics.py"), directory=str(planted))
        assert runtime.run("a", shadow)["type"] == "result"
        probed = runtime.run("b", PROBE)
        assert probed["type"] == "result", probed.get("message")
        seen = json.loads(probed["value"])
        for name in ("json", "statistics", "csv", "base64"):
            file, pwned = seen[name]
            assert not pwned, name
            assert file.endswith(f"{name}/__init__.py") or file.endswith(f"{name}.py"), seen
            assert not file.startswith(str(tmp_path)), seen
        assert seen["shadowed_here"][0] == "ImportError"
    finally:
        runtime.close()


def test_a_plugin_keeps_its_own_imports_of_installed_libraries(tmp_path: Path) -> None:
    runtime = Runtime(tmp_path)
    try:
        body = "import decimal, fractions, sys\nreturn str(sys.modules['fractions'] is fractions)"
        assert runtime.run("a", body)["value"] == "True"
        assert runtime.run("b", "import sys\nreturn str('fractions' in sys.modules)")["value"] \
            == "True"
    finally:
        runtime.close()


def test_descriptors_the_host_inherited_are_closed_before_any_plugin_runs(
    tmp_path: Path,
) -> None:
    secret = tmp_path / "secret.key"
    secret.write_text("canary")
    fd = os.open(secret, os.O_RDONLY)
    try:
        runtime = Runtime(tmp_path, pass_fds=(fd,))
        try:
            body = ("import os\nseen = []\nfor n in os.listdir('/proc/self/fd'):\n"
                    "    try:\n        seen.append(os.readlink(f'/proc/self/fd/{n}'))\n"
                    "    except OSError:\n        pass  # the listing's own descriptor\n"
                    "return ' '.join(seen)")
            answer = runtime.run("a", body)
            assert answer["type"] == "result"
            assert str(secret) not in answer["value"]
        finally:
            runtime.close()
    finally:
        os.close(fd)


def test_children_a_plugin_leaves_are_reaped_after_its_call(tmp_path: Path) -> None:
    runtime = Runtime(tmp_path)
    try:
        # The children have ended (zombies, not waited for) when the call returns.
        body = ("import os, time\npids = []\nfor _ in range(5):\n    pid = os.fork()\n"
                "    if pid == 0:\n        os._exit(0)\n    pids.append(pid)\n"
                "for pid in pids:\n"
                "    while open(f'/proc/{pid}/stat').read().split(') ')[1][0] != 'Z':\n"
                "        time.sleep(0.01)\n"
                "return 'forked'")
        assert runtime.run("a", body)["value"] == "forked"
        pid = runtime.proc.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        zombies = [c for c in children
                   if Path(f"/proc/{c}/stat").read_text().split(") ")[1].startswith("Z")]
        assert zombies == []
    finally:
        runtime.close()
