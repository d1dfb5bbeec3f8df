import { describe, expect, it } from 'vitest';
import { PLUGIN_LOG_BURST, PluginLogLimiter } from '../../src/engine/plugin-log.js';

const context = { organization_id: 'org-a', plugin_id: 'builtin:classifier@1' };

function collect() {
  const records: { level: string; message: string }[] = [];
  return { records, sink: (level: string, message: string) => void records.push({ level, message }) };
}

describe('plugin log records on their way to the server log', () => {
  it('limits a plugin to its burst and reports what it dropped with its next record', () => {
    let now = 0;
    const { records, sink } = collect();
    const limiter = new PluginLogLimiter(sink, { now: () => now });
    for (let i = 0; i < PLUGIN_LOG_BURST + 10; i++) limiter.log(context, 'warning', `record ${i}`);
    expect(records).toHaveLength(PLUGIN_LOG_BURST);
    now += 60_000;
    limiter.log(context, 'warning', 'later');
    expect(records.at(-2)?.message).toBe(
      '10 log records of this plugin were dropped (more than 60 a minute)',
    );
    expect(records.at(-1)?.message).toBe('later');
  });

  it('discards the records the server log would not write before they spend the budget', () => {
    // a built-in's info records under SERVICE_LOG_LEVEL=warn: 200 of them are no flood, and its
    // next warning is written without a "dropped" notice
    const { records, sink } = collect();
    const limiter = new PluginLogLimiter(sink, { enabled: (level) => level !== 'info', now: () => 0 });
    for (let i = 0; i < 200; i++) limiter.log(context, 'info', `level 1: Contract ${i}`);
    limiter.log(context, 'warning', 'the model could not be loaded');
    expect(records).toEqual([{ level: 'warning', message: 'the model could not be loaded' }]);
  });
});
