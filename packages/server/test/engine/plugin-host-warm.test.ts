import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinPlugin, builtinWarmUpCalls } from '../../src/engine/builtin-plugins.js';
import { PluginHost } from '../../src/engine/plugin-host.js';
import type { PluginCode, PluginHostOptions } from '../../src/engine/plugin-host-options.js';
import { CLASSIFY_SIGNATURE, classifyArgs, limits, python, repoRoot } from './fixtures.js';

/**
 * Says when its module was loaded (wall-clock ms) and by which process: `<loaded at>|<pid>`. A
 * warm process has it loaded before any call arrives.
 */
const STAMPED: PluginCode = {
  id: 'builtin:stamped@1',
  source: `import os
import time
from typing import Any

from service_sdk import ClassificationPlugin, Document

LOADED_AT = time.time() * 1000


class Stamped(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        return f"{int(LOADED_AT)}|{os.getpid()}"
`,
};

const call = async (h: PluginHost, org: string) => {
  const asked = Date.now();
  const [loadedAt, pid] = String(await h.call(org, STAMPED, 'classify', classifyArgs('x'))).split('|');
  // Whole milliseconds, rounded down: a module loaded in the same millisecond as the call was
  // asked for counts as before it (a cold load takes tens of milliseconds after it).
  return { loadedBeforeCall: Number(loadedAt) <= asked, pid: Number(pid) };
};

describe('PluginHost warm pool: runtime processes started ahead of need (docs/plugin-runtime.md)', () => {
  const hosts: PluginHost[] = [];
  const host = (opts: Partial<PluginHostOptions> = {}) => {
    const h = new PluginHost({
      python,
      limits,
      poolSize: 1,
      recycleAfter: 1000,
      log: () => undefined,
      sandbox: { state: 'disabled-unsafe' },
      warm: { processes: 1, plugins: () => [STAMPED] },
      ...opts,
    });
    hosts.push(h);
    return h;
  };
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((h) => h.close()));
  });

  it('has the plugins loaded before the first call, and starts another warm process for the next pool', async () => {
    const h = host({ warm: { processes: 1, plugins: () => [STAMPED], refillQuietMs: 0 } });
    await h.warmUp();
    expect(h.warmProcesses).toBe(1);
    const a = await call(h, 'org-a');
    expect(a.loadedBeforeCall).toBe(true);
    // With refillQuietMs 0 the taken process is replaced at once; the next organization gets that one, also warm.
    expect(h.warmProcesses).toBe(1);
    const b = await call(h, 'org-b');
    expect(b.pid).not.toBe(a.pid);
    // Each organization keeps its own process: a warm process joins one pool only.
    expect((await call(h, 'org-a')).pid).toBe(a.pid);
    expect((await call(h, 'org-b')).pid).toBe(b.pid);
  });

  it('replaces a taken warm process only once no call has run for refillQuietMs', async () => {
    const h = host({ warm: { processes: 1, plugins: () => [STAMPED], refillQuietMs: 1000 } });
    await h.warmUp();
    const a = await call(h, 'org-a');
    expect(a.loadedBeforeCall).toBe(true);
    // Calls keep coming: no replacement is started meanwhile (its imports would compete with them).
    for (let i = 0; i < 3; i++) {
      expect(h.warmProcesses).toBe(0);
      await call(h, 'org-a');
    }
    expect(h.warmProcesses).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(h.warmProcesses).toBe(1);
    await h.warmUp(); // resolves once the replacement has its plugins loaded
    const b = await call(h, 'org-b');
    expect(b.pid).not.toBe(a.pid);
    expect(b.loadedBeforeCall).toBe(true);
  });

  it('replaces it only once no document run is open either, though no call runs meanwhile', async () => {
    const h = host({ warm: { processes: 1, plugins: () => [STAMPED], refillQuietMs: 300 } });
    await h.warmUp();
    // A run (e.g. parsing between its plugin calls) is open before and after its call.
    const endRun = h.openRun();
    await call(h, 'org-a');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(h.warmProcesses).toBe(0);
    endRun();
    endRun(); // a second end changes nothing
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(h.warmProcesses).toBe(1);
  });

  it('replaces a recycled process by one started before it was retired', async () => {
    const h = host({ recycleAfter: 2, warm: { processes: 0, plugins: () => [STAMPED] } });
    const first = await call(h, 'org-a');
    expect(first.loadedBeforeCall).toBe(false);
    // One call before its end the successor starts (warm: the plugins load at once).
    expect(h.warmProcesses).toBe(1);
    const second = await call(h, 'org-a');
    expect(second.pid).toBe(first.pid);
    await h.warmUp(); // resolves once the waiting successor has its plugins loaded
    const third = await call(h, 'org-a');
    expect(third.pid).not.toBe(first.pid);
    expect(third.loadedBeforeCall).toBe(true);
  });

  it('warms the built-ins with their warm-up calls, which succeed on the real plugins', async () => {
    const pluginsDir = path.join(repoRoot, 'plugins');
    const warnings: string[] = [];
    const h = host({
      builtinsDir: pluginsDir,
      log: (level, message) => level === 'warn' && warnings.push(message),
      warm: {
        processes: 1,
        plugins: () => [
          builtinPlugin(pluginsDir, 'classifier'),
          builtinPlugin(pluginsDir, 'contractExtractor'),
        ],
        calls: () => builtinWarmUpCalls(pluginsDir),
      },
    });
    await h.warmUp();
    expect(warnings).toEqual([]);
    const [call] = builtinWarmUpCalls(pluginsDir);
    // The classifier reports its decision through `report_classification` (decision 66).
    const reports: string[] = [];
    const services = async (service: string) => {
      reports.push(service);
      return null;
    };
    expect(
      await h.call('org-a', call?.plugin as PluginCode, 'classify', call?.args ?? {}, { services }),
    ).toBe('Contracts');
    expect(reports).toEqual(['report_classification']);
  });

  it('starts nothing until warmUp, and nothing at all without a warm pool', async () => {
    const h = host({ warm: undefined });
    await h.warmUp();
    expect(h.warmProcesses).toBe(0);
    const idle = host();
    expect(idle.warmProcesses).toBe(0);
  });
});
