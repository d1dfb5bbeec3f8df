import { describe, expect, it } from 'vitest';
import { measureProcess } from '../../src/engine/process-usage.js';

describe('measureProcess: a process’s CPU time and peak memory, read from /proc', () => {
  it('reads this process’s CPU seconds (all threads) and peak resident memory', () => {
    const end = Date.now() + 300;
    while (Date.now() < end); // burn some CPU time first
    const own = process.cpuUsage();
    const usage = measureProcess(process.pid);
    expect(usage).toBeDefined();
    // /proc counts in 10 ms ticks; process.cpuUsage() in microseconds.
    expect(usage?.cpuSeconds).toBeGreaterThan((own.user + own.system) / 1e6 - 0.1);
    expect(usage?.cpuSeconds).toBeLessThan((own.user + own.system) / 1e6 + 0.5);
    expect(usage?.maxRssMb).toBeGreaterThanOrEqual(process.memoryUsage().rss / 2 ** 20 - 1);
  });

  it('answers undefined for a process that does not exist', () => {
    expect(measureProcess(2 ** 22 + 1)).toBeUndefined();
  });
});
