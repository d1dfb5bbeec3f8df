"""CPU of the plugin runtime per document, replaying what the engine really sent to it.

The engine's messages to a runtime process (``load``, ``call`` with its shared values,
``release``) are captured during a pipeline run and replayed in this process through the
runtime's own message handling (``service_sdk.runtime.core.Runtime``), so the built-in
plugins and the runtime's protocol work (JSON, shared values, argument checks) run as in the
pipeline, without the engine, the parser or the machine's other load in between.

Subcommands (run with the repository's ``.venv/bin/python``):

* ``wrapper DIR`` — writes ``DIR/python``, a stand-in for the runtime's interpreter that copies
  each runtime process's input to ``DIR/in-<pid>.jsonl``. Capture with
  ``SERVICE_PYTHON=DIR/python bench/throughput/run 40 --setup=embedded``.
* ``run FILE[,FILE...] [--plugins DIR] [--profile] [--out FILE]`` — replays the captured files
  (one fresh ``Runtime`` each; the engine's warm-up document, everything before the first
  ``release``, is not counted) and prints the CPU time (``time.process_time``) per document:
  mean and median, and per method. A service request of a call (``report_classification``)
  is answered with ``null``, as the engine does. ``--profile`` prints the cProfile of the
  counted part; ``--out`` writes the runtime's answers (results, errors, requests) as JSON
  lines, to compare two versions' answers. ``--plugins`` (default this tree's ``plugins/``)
  is where ``service_builtins`` is imported from; the plugins' own source is in the capture.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def write_wrapper(folder: Path) -> Path:
    """Write the capturing interpreter ``folder/python``; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    wrapper = folder / "python"
    wrapper.write_text(
        "#!/bin/bash\n# a plugin runtime whose input is copied (bench/quality/runtime_replay.py)\n"
        f'tee "{folder}/in-$$.jsonl" | exec "{ROOT}/.venv/bin/python" "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


class Replay:
    """Replays captured runtime input; keeps CPU per document and per method."""

    def __init__(self, profile: cProfile.Profile | None) -> None:
        self.profile = profile
        self.per_document: list[float] = []
        self.per_method: dict[str, float] = {}
        self.answers: list[dict[str, Any]] = []

    async def replay(self, lines: list[bytes]) -> None:
        """Feed ``lines`` to a fresh runtime, one message at a time, each call to its end."""
        from service_sdk.runtime.core import Runtime

        loop = asyncio.get_running_loop()
        runtime: Runtime

        def write(data: bytes) -> None:
            message = json.loads(data)
            if message.get("type") in ("result", "error", "request"):
                message.pop("usage", None)
                self.answers.append(message)
            if message.get("type") == "request":
                reply = json.dumps({"type": "reply", "id": message["id"], "result": None})
                loop.call_soon(lambda: asyncio.ensure_future(runtime.handle_line(reply.encode())))

        runtime = Runtime(write)
        counting, last = False, 0.0
        for line in lines:
            message = json.loads(line)
            kind = message.get("type")
            if kind in ("reply", "shutdown"):
                continue  # the replies are made above; the process is not ended
            start = time.process_time()
            await runtime.handle_line(line)
            while runtime.calls:
                await asyncio.sleep(0)
            now = time.process_time()
            if counting and kind == "call":
                method = str(message.get("method"))
                self.per_method[method] = self.per_method.get(method, 0.0) + now - start
            if kind == "release":
                if counting:
                    self.per_document.append(now - last)
                else:  # the warm-up document ends: count from here
                    counting = True
                    if self.profile is not None:
                        self.profile.enable()
                last = time.process_time()
        if self.profile is not None:
            self.profile.disable()


def run(files: list[str], plugins: str, profile: bool, out: str | None) -> int:
    """The ``run`` subcommand."""
    sys.path.append(plugins)
    replay = Replay(cProfile.Profile() if profile else None)
    for file in files:
        asyncio.run(replay.replay(Path(file).read_bytes().splitlines(keepends=True)))
    docs = replay.per_document
    if not docs:
        print("no document after the warm-up in the capture")
        return 1
    methods = ", ".join(f"{m} {cpu * 1000 / len(docs):.1f}" for m, cpu in replay.per_method.items())
    print(f"{plugins}: {len(docs)} documents; runtime CPU per document: mean "
          f"{statistics.fmean(docs) * 1000:.1f} ms, median {statistics.median(docs) * 1000:.1f} ms"
          f" (per method: {methods} ms); loadavg {os.getloadavg()[0]:.2f}")
    if replay.profile is not None:
        pstats.Stats(replay.profile).sort_stats("tottime").print_stats(30)
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(a, sort_keys=True) + "\n" for a in replay.answers)
    return 0


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    wrap = sub.add_parser("wrapper", help="write the capturing interpreter")
    wrap.add_argument("folder")
    replay = sub.add_parser("run", help="replay captured input")
    replay.add_argument("files", help="captured files, comma-separated")
    replay.add_argument("--plugins", default=str(ROOT / "plugins"))
    replay.add_argument("--profile", action="store_true")
    replay.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    if args.command == "wrapper":
        print(write_wrapper(Path(args.folder).resolve()))
        return 0
    return run(args.files.split(","), args.plugins, args.profile, args.out)


if __name__ == "__main__":
    sys.exit(main())
