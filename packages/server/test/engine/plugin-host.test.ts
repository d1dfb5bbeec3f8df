import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PluginHost } from '../../src/engine/plugin-host.js';
import type { PluginHostOptions } from '../../src/engine/plugin-host-options.js';
import { PluginError } from '../../src/engine/runtime-protocol.js';
import {
  CLASSIFY_SIGNATURE,
  classifyArgs,
  corpus,
  eventually,
  KEYWORDS,
  limits,
  processGone,
  python,
  repoRoot,
  SPIN_BENCHMARK,
  STEERED,
  USAGE_LIAR,
} from './fixtures.js';

const steered = { id: 'steered@1', source: STEERED };

/** Lets Node process the 'exit' event of a runtime that has just died (see the known defect below). */
const settle = () => new Promise((r) => setTimeout(r, 250));

describe('PluginHost pools of real runtime processes (DESIGN.md §5)', () => {
  const hosts: PluginHost[] = [];
  const host = (opts: Partial<PluginHostOptions> = {}) => {
    const h = new PluginHost({
      python,
      limits,
      poolSize: 1,
      recycleAfter: 1000,
      log: () => undefined,
      // These tests tell processes apart by host pid, which a PID namespace hides from the plugin;
      // the sandbox has its own tests (sandbox.test.ts, test/security/).
      sandbox: { state: 'disabled-unsafe' },
      ...opts,
    });
    hosts.push(h);
    return h;
  };
  const pidOf = async (h: PluginHost, key: string, text = 'pid') =>
    Number(await h.call(key, steered, 'classify', classifyArgs(text)));
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((h) => h.close()));
  });

  it('validates and describes plugin source', async () => {
    const h = host({ docsBase: 'https://docs.example/plugins#' });
    const ok = await h.validate(KEYWORDS);
    expect(ok).toEqual({ findings: [], pluginType: 'classification', className: 'KeywordClassifier' });
    // The steering fixture starts processes (for the runtime tests), which the validator rejects.
    const steering = await h.validate(STEERED);
    expect(steering.findings.map((f) => [f.line, f.error_type])).toEqual([[3, 'ForbiddenModule']]);
    const bad = await h.validate(corpus('invalid/missing_classify.py'));
    expect(bad.findings).toEqual([
      expect.objectContaining({
        line: 6,
        error_type: 'MissingMethod',
        documentation: 'https://docs.example/plugins#missingmethod',
      }),
    ]);
    const described = await h.describe('org-a', { id: 'd1', source: SPIN_BENCHMARK });
    expect(described).toMatchObject({
      class_name: 'SpinBenchmark',
      plugin_type: 'benchmark',
      attributes: { name: 'spin', target_labels: ['Anything'], metric_unit: 'count' },
    });
  });

  it('loads a plugin once per process and calls it; passes the host services', async () => {
    const h = host();
    expect(await h.call('org-a', steered, 'classify', classifyArgs('hello'))).toBe('Contracts');
    const llm = { id: 'llm@1', source: corpus('valid/classification_llm.py') };
    const answer = await h.call('org-a', llm, 'classify', classifyArgs('text'), {
      services: async (service) =>
        service === 'get_prompt' ? '{labels}{path}{text}' : { label: 'Invoices' },
    });
    expect(answer).toBe('Invoices');
  });

  it('times out a sleeping plugin (timeoutSeconds 1), kills its process and serves the next call from a fresh one', async () => {
    const h = host({ limits: { ...limits, timeoutSeconds: 1 } });
    const before = await pidOf(h, 'org-a');
    const started = Date.now();
    const err = await h.call('org-a', steered, 'classify', classifyArgs('sleep 30')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PluginError);
    expect((err as PluginError).errorType).toBe('Timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await eventually(() => processGone(before))).toBe(true);
    await settle();
    const after = await pidOf(h, 'org-a');
    expect(after).not.toBe(before);
  });

  // Known defect (reported): RuntimeProcess stays `alive` between a `fatal` message / the host's
  // timeout kill and Node's 'exit' event, so PluginHost.release() puts the dying process back in
  // the pool and the very next call of the organization fails with ResourceLimitExceeded (a
  // "permanent" error). Fix: mark the process dead on `fatal` and in kill(). Flip to `it` then.
  it('serves the call right after a CPU-limit or timeout death from a fresh process', async () => {
    const h = host({ limits: { ...limits, cpuSeconds: 1, timeoutSeconds: 1 } });
    await h.call('org-a', steered, 'classify', classifyArgs('spin')).catch(() => undefined);
    expect(await pidOf(h, 'org-a')).toBeGreaterThan(0);
    await h.call('org-a', steered, 'classify', classifyArgs('sleep 30')).catch(() => undefined);
    expect(await pidOf(h, 'org-a')).toBeGreaterThan(0);
  });

  it('stops a busy loop at the CPU limit (cpuSeconds 1); the pool keeps working with a fresh process', async () => {
    const h = host({ limits: { ...limits, cpuSeconds: 1, timeoutSeconds: 20 } });
    const before = await pidOf(h, 'org-a');
    const started = Date.now();
    const err = await h.call('org-a', steered, 'classify', classifyArgs('spin')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PluginError);
    expect(['CpuTimeExceeded', 'ResourceLimitExceeded']).toContain((err as PluginError).errorType);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await eventually(() => processGone(before))).toBe(true);
    await settle();
    const after = await pidOf(h, 'org-a');
    expect(after).not.toBe(before);

    // A synchronous benchmark method stuck in a loop is bounded the same way.
    const bench = { id: 'spin@1', source: SPIN_BENCHMARK };
    const spin = await h
      .call('org-a', bench, 'score', {
        document: { id: 'd', filename: 'f', text: 'x', fields: { spin: true } },
      })
      .catch((e: unknown) => e);
    expect(['CpuTimeExceeded', 'ResourceLimitExceeded']).toContain((spin as PluginError).errorType);
    await settle();
    expect(await h.call('org-a', bench, 'score', { document: { id: 'd', filename: 'f', text: 'abc' } })).toBe(
      3,
    );
  });

  it('recycles a process after recycleAfter calls (the pid changes); loads do not count', async () => {
    const h = host({ recycleAfter: 3 });
    const pids: number[] = [];
    for (let i = 0; i < 6; i += 1) pids.push(await pidOf(h, 'org-a'));
    // load+call, call, call → recycled; load+call, call, call.
    expect(new Set(pids.slice(0, 3)).size).toBe(1);
    expect(new Set(pids.slice(3)).size).toBe(1);
    expect(new Set(pids).size).toBe(2);
    expect(await eventually(() => processGone(pids[0] as number))).toBe(true);
  });

  it('recycles a process once it has used half of its CPU-time limit, whatever its call count', async () => {
    // Burns `burn S` seconds of CPU time, then answers its pid.
    const burner = {
      id: 'burner@1',
      source: `import os
import time
from typing import Any
from service_sdk import ClassificationPlugin, Document


class Burner(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        if document.text.startswith("burn "):
            end = time.process_time() + float(document.text.split()[1])
            while time.process_time() < end:
                pass
        return str(os.getpid())
`,
    };
    // Recycled once its calls used half of what its start-up (well under 1 s) left of the 3 s.
    const h = host({ limits: { ...limits, cpuSeconds: 3 } });
    const pidAfter = async (text: string) =>
      Number(await h.call('org-a', burner, 'classify', classifyArgs(text)));
    const first = await pidAfter('pid');
    expect(await pidAfter('pid')).toBe(first);
    expect(await pidAfter('burn 1.6')).toBe(first);
    const next = await pidAfter('pid');
    expect(next).not.toBe(first);
    expect(await eventually(() => processGone(first))).toBe(true);
  });

  it('recycles at half its CPU-time limit a process whose plugin makes it report no usage', async () => {
    // The host reads the process's CPU time from /proc, not from the runtime's answer.
    const liar = { id: 'liar@1', source: USAGE_LIAR };
    const h = host({ limits: { ...limits, cpuSeconds: 3 } });
    const tokenAfter = (text: string) => h.call('org-a', liar, 'classify', classifyArgs(text));
    const first = await tokenAfter('token');
    expect(await tokenAfter('burn 1.6')).toBe(first);
    expect(await tokenAfter('token')).not.toBe(first);
  });

  it('never lets two organizations share a process', async () => {
    const h = host({ poolSize: 2 });
    const run = (key: string) => Promise.all(Array.from({ length: 6 }, () => pidOf(h, key, 'sleep 0.05')));
    const [a, b] = await Promise.all([run('org-a'), run('org-b')]);
    const pidsA = new Set(a);
    const pidsB = new Set(b);
    expect(pidsA.size).toBeGreaterThanOrEqual(1);
    expect(pidsA.size).toBeLessThanOrEqual(2);
    expect(pidsB.size).toBeLessThanOrEqual(2);
    expect([...pidsA].filter((p) => pidsB.has(p))).toEqual([]);
    // The validator runs in a pool of its own as well.
    const probe = await pidOf(h, 'org-c');
    expect(pidsA.has(probe) || pidsB.has(probe)).toBe(false);
  });

  it('lets built-in plugins import their helper package from builtinsDir, also unsandboxed', async () => {
    const source = `import service_builtins
from typing import Any
from service_sdk import ClassificationPlugin, Document


class UsesHelpers(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        return service_builtins.__file__
`;
    const plugin = { id: 'builtin:helpers@1', source };
    const h = host({ builtinsDir: path.join(repoRoot, 'plugins') });
    expect(await h.call('org-a', plugin, 'classify', classifyArgs(''))).toBe(
      path.join(repoRoot, 'plugins', 'service_builtins', '__init__.py'),
    );
    const without = await host()
      .call('org-a', plugin, 'classify', classifyArgs(''))
      .catch((e: unknown) => e);
    expect((without as PluginError).message).toContain("No module named 'service_builtins'");
  });
});
