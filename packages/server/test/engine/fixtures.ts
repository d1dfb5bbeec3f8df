import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeLimits } from '../../src/engine/runtime-protocol.js';
import { runtimeBinds, withReadOnly } from '../../src/engine/sandbox.js';

/** Shared plugin sources and settings of the engine tests (real Python runtime processes). */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The Python of the repository's virtual environment (service_sdk installed), as config.python defaults. */
export const python = process.env.SERVICE_PYTHON ?? path.join(repoRoot, '.venv', 'bin', 'python');

/** A file of the validator corpus (sdk/python/tests/corpus). */
export const corpus = (name: string) =>
  readFileSync(path.join(repoRoot, 'sdk/python/tests/corpus', name), 'utf8');

/**
 * What a fresh sandbox's private `/tmp` holds: nothing, unless the interpreter or the repository
 * lives under `/tmp` (a clone in `/tmp/x`), whose read-only binds then show as their top
 * directory there (`['x']`).
 */
export const SANDBOX_TMP_AT_START: string[] = [
  ...new Set(
    withReadOnly(runtimeBinds(python), [path.join(repoRoot, 'plugins')])
      .filter((dir) => dir.startsWith('/tmp/'))
      .map((dir) => dir.split('/')[2] as string),
  ),
].sort();

export const limits: RuntimeLimits = { cpuSeconds: 30, memoryMb: 512, maxOpenFiles: 64, timeoutSeconds: 15 };

/** The `classify` signature of spec 4.11, indented as a method of a plugin class. */
export const CLASSIFY_SIGNATURE = `
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:`;

/**
 * A classifier steered by the document text:
 * `pid` → its process id; `spin` → a busy loop; `sleep N` → awaits N s; `child-sleep` → starts
 * `sleep 60` (a child process in the runtime's process group), logs its pid and awaits 60 s;
 * `list` → returns a list (WrongReturnType); `raise` → raises ValueError; otherwise the first
 * available label.
 */
export const STEERED = `import asyncio
import os
import subprocess
from typing import Any

from service_sdk import ClassificationPlugin, Document, logger


class Steered(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        command = document.text
        if command == "pid":
            return str(os.getpid())
        if command == "spin":
            n = 0
            while True:
                n += 1
        if command.startswith("sleep "):
            await asyncio.sleep(float(command.split()[1]))
            return str(os.getpid())
        if command == "child-sleep":
            child = subprocess.Popen(["sleep", "60"])
            logger.info("child %d", child.pid)
            await asyncio.sleep(60)
        if command == "list":
            return available_labels  # type: ignore[return-value]
        if command == "raise":
            raise ValueError("cannot classify this")
        return available_labels[0] if available_labels else None
`;

export const KEYWORDS = corpus('valid/doc_classification_keywords.py');
export const REGEX_EXTRACTOR = corpus('valid/extraction_regex.py');
export const MEMORY_SOURCE = corpus('valid/source_memory.py');
export const LLM_CLASSIFIER = corpus('valid/classification_llm.py');
export const SPIN_BENCHMARK = corpus('valid/benchmark_slow_for_tests.py');

/** classify arguments for a document whose text is `text`. */
export function classifyArgs(text: string, labels = ['Contracts', 'Invoices']) {
  return {
    document: { id: 'd1', filename: 'a.txt', text },
    file_data: null,
    mime_type: 'text/plain',
    available_labels: labels,
    current_path: [],
    configs: {},
  };
}

/** Whether a process is gone (or a zombie waiting for a reaper). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Polls `check` every 50 ms until it holds or `ms` pass. */
export async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/**
 * A classifier that attacks the protocol channel: it finds the runtime's private copy of stdout
 * (a blocking pipe or socket among its open descriptors) and writes to it directly. `flood N` writes N MiB without
 * a newline; `garbage` writes a line that is not JSON; `chatty N` logs N lines of 64 KiB.
 */
export const PROTOCOL_ATTACK = `import os
from typing import Any

from service_sdk import ClassificationPlugin, Document, logger


def _protocol_fds() -> list[int]:
    # The runtime's private copy of stdout: a blocking pipe or socket above the standard three.
    found = []
    for fd in range(3, 64):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
            if target.startswith(("pipe:", "socket:")) and os.get_blocking(fd):
                found.append(fd)
        except OSError:
            pass
    return found[:1]


class Attack(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        command, _, arg = document.text.partition(" ")
        if command == "flood":
            chunk = b"x" * (1024 * 1024)
            for _ in range(int(arg)):
                for fd in _protocol_fds():
                    try:
                        os.write(fd, chunk)
                    except OSError:
                        pass
        if command == "garbage":
            for fd in _protocol_fds():
                try:
                    os.write(fd, b"this is not json\\n")
                except OSError:
                    pass
        if command == "chatty":
            for _ in range(int(arg)):
                logger.info("y" * 65536)
        return available_labels[0]
`;

/**
 * A classifier that lies about what its process used: on `burn S` it makes the runtime's
 * `resource.getrusage` report nothing, then burns S seconds of CPU time. It answers the token
 * drawn when its process loaded it, which tells processes apart inside a PID namespace too.
 */
export const USAGE_LIAR = `import resource
import time
import uuid
from typing import Any

from service_sdk import ClassificationPlugin, Document

TOKEN = uuid.uuid4().hex


class UsageLiar(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        if document.text.startswith("burn "):
            real = resource.getrusage
            resource.getrusage = lambda who: real(resource.RUSAGE_CHILDREN)  # type: ignore[assignment]
            end = time.process_time() + float(document.text.split()[1])
            while time.process_time() < end:
                pass
        return TOKEN
`;
