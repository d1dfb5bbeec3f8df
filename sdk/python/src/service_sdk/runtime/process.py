"""The runtime process: flags, resource limits, the protected protocol channel and the input
loop (``python -m service_sdk.runtime``, ``docs/plugin-runtime.md``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import resource
import signal
import sys
import threading
import types
from collections.abc import Callable
from typing import Any

from .. import __version__
from .core import PROTOCOL_VERSION, Runtime
from .isolation import ImportGuard
from .shared import DEFAULT_SHARED_CACHE_MB

__all__ = ["EXIT_LIMIT", "apply_limits", "main", "parse_args"]

#: Exit status when a resource limit ends the process.
EXIT_LIMIT = 3


def _env_number(name: str) -> float | None:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return None
    return float(raw)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the runtime's flags; each defaults to its ``SERVICE_RUNTIME_*`` variable."""
    parser = argparse.ArgumentParser(
        prog="python -m service_sdk.runtime",
        description="Isolated plugin runtime speaking JSON Lines on stdin/stdout.",
    )
    parser.add_argument("--cpu-seconds", type=float,
                        default=_env_number("SERVICE_RUNTIME_CPU_SECONDS"),
                        help="CPU-time limit of the process (RLIMIT_CPU)")
    parser.add_argument("--memory-mb", type=float,
                        default=_env_number("SERVICE_RUNTIME_MEMORY_MB"),
                        help="address-space limit in MiB (RLIMIT_AS)")
    parser.add_argument("--max-open-files", type=float,
                        default=_env_number("SERVICE_RUNTIME_MAX_OPEN_FILES"),
                        help="open file descriptor limit (RLIMIT_NOFILE)")
    parser.add_argument("--max-processes", type=float,
                        default=_env_number("SERVICE_RUNTIME_MAX_PROCESSES"),
                        help="processes and threads of the runtime's user (RLIMIT_NPROC); "
                        "meant for the sandbox, where that user is the runtime's alone")
    parser.add_argument("--max-file-mb", type=float,
                        default=_env_number("SERVICE_RUNTIME_MAX_FILE_MB"),
                        help="largest file the plugin may write, in MiB (RLIMIT_FSIZE)")
    parser.add_argument("--reap-descendants", action="store_true",
                        help="inside the sandbox's PID namespace only: kill the processes a "
                        "plugin left behind after each call")
    parser.add_argument("--builtins-path", default=os.environ.get("SERVICE_RUNTIME_BUILTINS_PATH"),
                        help="directory appended to sys.path: where the built-in plugins' "
                        "helper package service_builtins lives (the repository's plugins/)")
    parser.add_argument("--call-timeout", type=float,
                        default=_env_number("SERVICE_RUNTIME_CALL_TIMEOUT"),
                        help="default wall-clock limit of one call, in seconds")
    parser.add_argument("--shared-cache-mb", type=float,
                        default=_env_number("SERVICE_RUNTIME_SHARED_CACHE_MB")
                        or DEFAULT_SHARED_CACHE_MB,
                        help="bound of the values kept for later calls (shared), in MiB")
    return parser.parse_args(argv)


def _set_limit(kind: int, soft: int, hard: int | None = None) -> None:
    _cur_soft, cur_hard = resource.getrlimit(kind)
    hard = soft if hard is None else hard
    if cur_hard != resource.RLIM_INFINITY:
        hard = min(hard, cur_hard)
        soft = min(soft, hard)
    resource.setrlimit(kind, (soft, hard))


def apply_limits(args: argparse.Namespace, fatal: Callable[[str, str], None]) -> dict[str, Any]:
    """Apply the resource limits of ``args``; return them as the ``limits`` of ``ready``.

    The CPU limit is soft (SIGXCPU → a ``fatal`` message and exit status 3) with a hard
    limit one second later (SIGKILL by the kernel).
    """
    limits: dict[str, Any] = {"cpu_seconds": None, "memory_mb": None, "max_open_files": None,
                              "max_processes": None, "max_file_mb": None,
                              "call_timeout": args.call_timeout}
    if args.cpu_seconds is not None:
        seconds = max(1, math.ceil(args.cpu_seconds))
        _set_limit(resource.RLIMIT_CPU, seconds, seconds + 1)

        def on_xcpu(signum: int, frame: types.FrameType | None) -> None:
            fatal("CpuTimeExceeded", f"the plugin runtime used its {seconds} s of CPU time")

        signal.signal(signal.SIGXCPU, on_xcpu)
        limits["cpu_seconds"] = seconds
    if args.memory_mb is not None:
        _set_limit(resource.RLIMIT_AS, int(args.memory_mb * 1024 * 1024))
        limits["memory_mb"] = args.memory_mb
    if args.max_open_files is not None:
        _set_limit(resource.RLIMIT_NOFILE, int(args.max_open_files))
        limits["max_open_files"] = int(args.max_open_files)
    if args.max_processes is not None:
        # Counted per user: inside the sandbox's user namespace that is this runtime alone, so
        # a fork bomb fails at the limit (the kernel does not enforce it for host root).
        _set_limit(resource.RLIMIT_NPROC, int(args.max_processes))
        limits["max_processes"] = int(args.max_processes)
    if args.max_file_mb is not None:
        # CPython ignores SIGXFSZ, so an oversize write raises OSError (EFBIG) in the plugin.
        _set_limit(resource.RLIMIT_FSIZE, int(args.max_file_mb * 1024 * 1024))
        limits["max_file_mb"] = args.max_file_mb
    return limits


def _max_fd() -> int:
    """One past the highest descriptor number this process could hold."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY and soft > 3 else 1 << 20


def main(argv: list[str] | None = None) -> int:
    """Run the runtime until ``shutdown`` or end of input; return the exit status."""
    # Descriptors the host process inherited and passed on (anything but stdin, stdout and
    # stderr) are closed before any plugin code can use them; bubblewrap's init closes its own.
    os.closerange(3, _max_fd())
    # ``-m`` put the working directory (the sandbox's writable /tmp) first on sys.path, where a
    # plugin could write a module that shadows the standard library.
    if sys.path and sys.path[0] and os.path.realpath(sys.path[0]) == os.path.realpath(os.getcwd()):
        del sys.path[0]
    args = parse_args(argv)
    # stdout is the protocol channel: keep a private copy of fd 1 and point fd 1 and
    # sys.stdout at stderr so that print() and child processes cannot corrupt it.
    proto_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def write(data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(proto_fd, view)
            view = view[written:]

    def fatal(error_type: str, message: str) -> None:
        line = json.dumps({"type": "fatal", "error_type": error_type, "message": message})
        try:
            os.write(proto_fd, b"\n" + line.encode() + b"\n")
        finally:
            os._exit(EXIT_LIMIT)

    if args.builtins_path:
        # Appended, not prepended: the helper package can never shadow the standard library,
        # the SDK or an installed library.
        sys.path.append(args.builtins_path)
    runtime = Runtime(
        write,
        call_timeout=args.call_timeout,
        shared_cache_bytes=int(args.shared_cache_mb * 1024 * 1024),
    )
    runtime.reap = bool(args.reap_descendants)
    runtime.imports = ImportGuard()
    try:
        limits = apply_limits(args, fatal)
    except (ValueError, OSError) as exc:
        runtime.send({"type": "fatal", "error_type": "InvalidLimits", "message": str(exc)})
        return 2
    runtime.send(
        {"type": "ready", "protocol": PROTOCOL_VERSION, "sdk_version": __version__,
         "pid": os.getpid(), "limits": limits}
    )
    status = 0
    try:
        asyncio.run(_serve(runtime))
    except KeyboardInterrupt:
        status = 130
    # The stdin reader thread may still be blocked in read(); end the process without the
    # interpreter shutdown that would wait on (and abort over) that thread.
    sys.stderr.flush()
    os._exit(status)


async def _serve(runtime: Runtime) -> None:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | None] = asyncio.Queue()
    stdin = sys.stdin.buffer

    def reader() -> None:
        try:
            for line in iter(stdin.readline, b""):
                loop.call_soon_threadsafe(queue.put_nowait, line)
        except (OSError, ValueError):
            pass
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=reader, name="service-runtime-stdin", daemon=True).start()
    while not runtime.stopping:
        line = await queue.get()
        if line is None:
            break
        await runtime.handle_line(line)
    for task in list(runtime.calls.values()):
        task.cancel()
    if runtime.calls:
        await asyncio.wait(list(runtime.calls.values()), timeout=5)
