import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { cronEvery } from '../../src/jobs/workers.js';

describe('schedule settings (docs/operations.md "Schedules")', () => {
  it('turns a period in seconds into a cron of whole minutes, at most once a minute', () => {
    expect(cronEvery(0)).toBeUndefined();
    expect(cronEvery(0.5)).toBe('* * * * *');
    expect(cronEvery(30)).toBe('* * * * *');
    expect(cronEvery(60)).toBe('* * * * *');
    expect(cronEvery(61)).toBe('*/2 * * * *');
    expect(cronEvery(300)).toBe('*/5 * * * *');
    expect(cronEvery(3600)).toBe('0 */1 * * *');
    expect(cronEvery(6 * 3600)).toBe('0 */6 * * *');
    expect(cronEvery(86_400)).toBe('0 0 * * *');
  });

  it('reads cron settings, `off` unschedules, and a malformed one names the variable', () => {
    const base = { SERVICE_SECRET_KEY: 'x'.repeat(40), SERVICE_DATA_DIR: '/tmp/schedules-test' };
    const defaults = loadConfig(base).schedules;
    expect(defaults).toEqual({
      renewalScan: '0 * * * *',
      retention: '10 * * * *',
      benchmarks: '20 * * * *',
      stalledDocuments: '* * * * *',
      analyze: '*/10 * * * *',
      checkSeconds: 30,
    });
    const custom = loadConfig({
      ...base,
      SERVICE_SCHEDULE_RENEWAL_SCAN: '30 2 * * *',
      SERVICE_SCHEDULE_RETENTION: 'off',
    }).schedules;
    expect(custom).toMatchObject({ renewalScan: '30 2 * * *', retention: undefined });
    expect(() => loadConfig({ ...base, SERVICE_SCHEDULE_BENCHMARKS: 'hourly' })).toThrow(
      /SERVICE_SCHEDULE_BENCHMARKS/,
    );
  });
});
