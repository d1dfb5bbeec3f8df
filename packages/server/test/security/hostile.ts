import { readdirSync, readFileSync } from 'node:fs';
import { CLASSIFY_SIGNATURE } from '../engine/fixtures.js';

/**
 * A hostile classification plugin for the sandbox tests. It passes the validator (it reaches the
 * forbidden names through `sys.modules` and `getattr` on strings the static rules cannot see),
 * because the point is to prove the sandbox, not the validator, and does what the
 * document text, a JSON command, tells it; then it raises `RuntimeError("report: <json>")` with
 * what it saw, so the document fails with the attack's outcome as its reason.
 *
 * Commands: `{"read": [paths]}`, `{"list": [dirs]}`, `{"connect": [[host, port], …]}` (TCP; plus
 * the sandbox's network interfaces and a UDP route lookup to 192.0.2.1, which sends no packet),
 * `{"write": [paths]}` (a `statistics.py` that would shadow the standard library),
 * `{"fork": n}` (children sleep 600 s), `{"import": "statistics"}`, `{"whoami": true}`,
 * `{"bigwrite": mib}`, `{"sleep": s}`, `{"spin": true}`; `{"fill": {path: mib}}` (writes `path.0`,
 * `path.1`… of 16 MiB each, up to `mib` MiB or the first error, and keeps them), `{"fds": true}`
 * (where its open descriptors lead), `{"log": n}` (n error-level records), `{"shadow": [names]}`
 * (fake modules under those names in `sys.modules`, and `/tmp` first on `sys.path`), and
 * `{"succeed": true}` (answers a label instead of raising the report: the call fails only if the
 * host fails it).
 */
export const HOSTILE = `import asyncio
import json
import os
import sys
import time
import types
from typing import Any

from service_sdk import ClassificationPlugin, Document, logger

_builtins = sys.modules["buil" + "tins"]
_imp = getattr(_builtins, "__imp" + "ort__")
_open = getattr(_builtins, "op" + "en")


def _read(path: str) -> str:
    try:
        with _open(path, "rb") as f:
            return "READ " + f.read(2048).decode("utf-8", "replace")
    except Exception as exc:
        return "ERR " + type(exc).__name__


class Hostile(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        command = json.loads(document.text or "{}")
        report: dict[str, Any] = {}
        if "whoami" in command:
            report = {"uid": os.getuid(), "gid": os.getgid(), "pid": os.getpid(),
                      "ppid": os.getppid(), "cwd": os.getcwd(), "env": dict(os.environ),
                      "tmp": sorted(os.listdir(".")), "argv": sys.argv}
        if "read" in command:
            report["read"] = {p: _read(p.replace("PPID", str(os.getppid())))
                              for p in command["read"]}
        if "list" in command:
            listed: dict[str, Any] = {}
            for d in command["list"]:
                try:
                    listed[d] = sorted(os.listdir(d))
                except Exception as exc:
                    listed[d] = "ERR " + type(exc).__name__
            report["list"] = listed
        if "connect" in command:
            net = _imp("soc" + "ket")
            tried: dict[str, str] = {}
            for host, port in command["connect"]:
                s = net.socket(net.AF_INET, net.SOCK_STREAM)
                s.settimeout(3)
                try:
                    s.connect((host, port))
                    tried[f"{host}:{port}"] = "CONNECTED"
                except Exception as exc:
                    tried[f"{host}:{port}"] = "ERR " + type(exc).__name__ + " " + str(exc)
                finally:
                    s.close()
            u = net.socket(net.AF_INET, net.SOCK_DGRAM)
            try:
                u.connect(("192.0.2.1", 9))  # a route lookup only: UDP connect sends nothing
                tried["route:192.0.2.1"] = "ROUTED"
            except Exception as exc:
                tried["route:192.0.2.1"] = "ERR " + type(exc).__name__
            finally:
                u.close()
            report["connect"] = tried
            report["interfaces"] = [name for _, name in net.if_nameindex()]
        if "write" in command:
            wrote: dict[str, str] = {}
            for p in command["write"]:
                try:
                    with _open(p, "w") as f:
                        f.write("PWNED = True\\n")
                    wrote[p] = "WROTE"
                except Exception as exc:
                    wrote[p] = "ERR " + type(exc).__name__
            report["write"] = wrote
        if "fork" in command:
            fork = getattr(os, "fo" + "rk")
            made, errors = 0, []
            for _ in range(int(command["fork"])):
                try:
                    pid = fork()
                except OSError as exc:
                    errors.append(exc.errno)
                    continue
                if pid == 0:
                    time.sleep(600)
                    os._exit(0)
                made += 1
            report["fork"] = {"made": made, "errors": sorted(set(errors))}
        if "import" in command:
            module = _imp(command["import"])
            report["import"] = {"file": getattr(module, "__file__", None),
                                "pwned": hasattr(module, "PWNED")}
        if "bigwrite" in command:
            try:
                with _open("big.bin", "wb") as f:
                    for _ in range(int(command["bigwrite"])):
                        f.write(b"x" * 1048576)
                report["bigwrite"] = "WROTE"
            except OSError as exc:
                report["bigwrite"] = "ERR " + str(exc.errno)
        if "fill" in command:
            filled: dict[str, Any] = {}
            for target, mib in command["fill"].items():
                written, outcome = 0, "DONE"
                try:
                    while written < int(mib):
                        with _open(f"{target}.{written // 16}", "wb") as f:
                            for _ in range(16):
                                f.write(b"x" * 1048576)
                                written += 1
                except OSError as exc:
                    outcome = "ERR " + str(exc.errno)
                filled[target] = [written, outcome]
            report["fill"] = filled
        if "fds" in command:
            fds: dict[str, str] = {}
            for n in os.listdir("/proc/self/fd"):
                try:
                    fds[n] = os.readlink(f"/proc/self/fd/{n}")
                except OSError:
                    pass  # the listing's own descriptor
            report["fds"] = fds
        if "log" in command:
            for i in range(int(command["log"])):
                logger.error("hostile record %d", i)
        if "shadow" in command:
            for name in command["shadow"]:
                fake = types.ModuleType(name)
                fake.PWNED = True
                sys.modules[name] = fake
            sys.path.insert(0, "/tmp")
        if "sleep" in command:
            await asyncio.sleep(float(command["sleep"]))
        if "spin" in command:
            while True:
                pass
        if "succeed" in command:
            return available_labels[0] if available_labels else None
        raise RuntimeError("report: " + json.dumps(report, sort_keys=True))
`;

/** The JSON report inside a failure reason of {@link HOSTILE} (`… report: {…}`). */
export function reportOf(reason: string | null | undefined): Record<string, unknown> {
  const text = String(reason ?? '');
  const at = text.indexOf('report: ');
  if (at < 0) throw new Error(`no report in: ${text.slice(0, 500)}`);
  const json = text.slice(at + 'report: '.length);
  return JSON.parse(json.slice(0, json.lastIndexOf('}') + 1)) as Record<string, unknown>;
}

/** A process as /proc tells it. */
export interface Proc {
  pid: number;
  ppid: number;
  uid: number;
  comm: string;
  /** The State letter of /proc/PID/status (R, S, Z…). */
  state: string;
}

/** The live processes below this test process (its runtimes and whatever they started), from /proc; zombies too with `zombies`. */
export function descendants(zombies = false): Proc[] {
  const all: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const field = (key: string) => status.match(new RegExp(`^${key}:\\s+(\\S+)`, 'm'))?.[1] ?? '';
      if (field('State') === 'Z' && !zombies) continue;
      all.push({
        pid: Number(name),
        ppid: Number(field('PPid')),
        uid: Number(field('Uid')),
        comm: field('Name'),
        state: field('State'),
      });
    } catch {
      // ended meanwhile
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => p.pid !== process.pid && mine.has(p.pid));
}

/** Zombies (ended, not yet reaped) of the sandbox user (65534) below this test process. */
export function sandboxZombies(): Proc[] {
  return descendants(true).filter((p) => p.uid === 65534 && p.state === 'Z');
}

/** Processes of the sandbox user (65534) below this test whose parent is a runtime's Python: a plugin's leftovers. */
export function leftovers(): Proc[] {
  const procs = descendants();
  const pythons = new Set(procs.filter((p) => p.comm.startsWith('python')).map((p) => p.pid));
  return procs.filter((p) => p.uid === 65534 && pythons.has(p.ppid));
}
