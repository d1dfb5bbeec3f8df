import { describe, expect, it } from 'vitest';
import { observeRuntimeCpu, renderMetrics } from '../../src/metrics/metrics.js';

const total = async () =>
  Number(
    /^service_plugin_runtime_cpu_seconds_total (\S+)$/m.exec((await renderMetrics()).body)?.[1] ?? Number.NaN,
  );

describe("the runtimes' CPU counter", () => {
  it('adds what a runtime reports it used since its previous answer, and nothing for a figure that went down', async () => {
    const before = await total();
    observeRuntimeCpu(0.25);
    expect(await total()).toBeCloseTo(before + 0.25, 9);
    // A runtime (a plugin in it) reporting less than before cannot make the counter go back.
    observeRuntimeCpu(-100);
    observeRuntimeCpu(Number.NaN);
    expect(await total()).toBeCloseTo(before + 0.25, 9);
  });
});
