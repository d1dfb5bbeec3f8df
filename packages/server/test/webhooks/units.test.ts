import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { addressRange, checkWebhookUrl, isPublicAddress } from '../../src/egress/address-policy.js';
import { handlerPatternMatches, manifestHandles } from '../../src/plugins/event-handlers.js';
import { outcomeOf } from '../../src/webhooks/delivery.js';
import { newWebhookSecret, openSecret, sealSecret } from '../../src/webhooks/secrets.js';
import { parseRetryAfter, scheduledDelaySeconds, signatureHeaders } from '../../src/webhooks/sender.js';
import { loadWebhookSettings } from '../../src/webhooks/settings.js';

describe('webhook settings', () => {
  it('defaults to the Standard Webhooks schedule and refuses private targets', () => {
    const s = loadWebhookSettings({});
    expect(s.retrySchedule).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(s).toMatchObject({
      allowPrivate: false,
      retryJitter: 0.2,
      timeoutSeconds: 10,
      disableAfterSeconds: 432_000,
    });
  });
  it('names each invalid variable', () => {
    expect(() =>
      loadWebhookSettings({
        SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,five',
        SERVICE_WEBHOOK_ALLOW_PRIVATE: 'maybe',
      }),
    ).toThrow(ConfigError);
    try {
      loadWebhookSettings({
        SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,five',
        SERVICE_WEBHOOK_ALLOW_PRIVATE: 'maybe',
      });
    } catch (err) {
      expect((err as Error).message).toMatch(/SERVICE_WEBHOOK_RETRY_SCHEDULE: must be/);
      expect((err as Error).message).toMatch(/SERVICE_WEBHOOK_ALLOW_PRIVATE/);
    }
    expect(loadWebhookSettings({ SERVICE_WEBHOOK_RETRY_SCHEDULE: ' 0, 1.5 ,2' }).retrySchedule).toEqual([
      0, 1.5, 2,
    ]);
  });
});

describe('retry timing', () => {
  it('parses Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3)', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
  it('keeps jitter within ±20 % and ends with the schedule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.double({ min: 0, max: 0.9999, noNaN: true }), (i, r) => {
        const schedule = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];
        const d = scheduledDelaySeconds(schedule, i, 0.2, () => r) ?? -1;
        const base = schedule[i] ?? 0;
        return d >= base * 0.8 && d <= base * 1.2;
      }),
    );
    expect(scheduledDelaySeconds([0, 5], 2, 0.2)).toBeUndefined();
  });
  it('decides outcomes: 2xx succeeds, 410 disables, Retry-After overrides on 429/503 only', () => {
    const s = loadWebhookSettings({
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,5,300',
      SERVICE_WEBHOOK_RETRY_JITTER: '0',
    });
    const now = new Date('2026-01-01T00:00:00Z');
    const at = (o: ReturnType<typeof outcomeOf>) =>
      o.nextAttemptAt ? (o.nextAttemptAt.getTime() - now.getTime()) / 1000 : null;
    expect(outcomeOf({ status: 204, durationMs: 1 }, 1, s, now).status).toBe('SUCCEEDED');
    expect(outcomeOf({ status: 410, durationMs: 1 }, 1, s, now)).toMatchObject({
      status: 'FAILED',
      gone: true,
    });
    expect(at(outcomeOf({ status: 500, durationMs: 1 }, 1, s, now))).toBe(5);
    expect(at(outcomeOf({ status: 503, retryAfter: '60', durationMs: 1 }, 1, s, now))).toBe(60);
    expect(at(outcomeOf({ status: 429, retryAfter: '999999', durationMs: 1 }, 1, s, now))).toBe(86_400);
    expect(at(outcomeOf({ status: 500, retryAfter: '60', durationMs: 1 }, 1, s, now))).toBe(5);
    expect(at(outcomeOf({ error: 'ECONNREFUSED', durationMs: 1 }, 2, s, now))).toBe(300);
    expect(outcomeOf({ status: 500, durationMs: 1 }, 3, s, now)).toMatchObject({
      status: 'FAILED',
      gone: false,
    });
    expect(outcomeOf({ status: 302, durationMs: 1 }, 3, s, now).status).toBe('FAILED');
  });
});

describe('SSRF address policy', () => {
  it('accepts public unicast and refuses special-purpose ranges (IPv4, IPv6, IPv4-mapped)', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.251', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['64:ff9b::a00:1', 'rfc6052'],
    ];
    for (const [a, range] of refused) {
      expect(isPublicAddress(a), a).toBe(false);
      expect(addressRange(a), a).toBe(range);
    }
    expect(isPublicAddress('example.com')).toBe(false);
  });
  it('checks URLs: scheme, literal addresses, names resolving to loopback', async () => {
    expect(await checkWebhookUrl('https://93.184.215.14/x', false)).toBeUndefined();
    expect(await checkWebhookUrl('ftp://93.184.215.14/x', false)).toMatch(/http or https/);
    expect(await checkWebhookUrl('http://[::1]:80/x', false)).toMatch(/::1 is a loopback address/);
    expect(await checkWebhookUrl('http://localhost/x', false)).toMatch(/localhost resolves to .* loopback/);
    expect(await checkWebhookUrl('http://localhost/x', true)).toBeUndefined();
  });
});

describe('secrets and signatures', () => {
  it('makes Standard Webhooks secrets and stores them encrypted', () => {
    const secret = newWebhookSecret();
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const sealed = sealSecret('service-key', secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret('service-key', sealed)).toBe(secret);
    expect(() => openSecret('another-key', sealed)).toThrow();
  });
  it('signs so that the standardwebhooks library verifies, with any of several secrets', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const payload = JSON.stringify({ type: 'alert.created', id: 'e1' });
    const headers = signatureHeaders('e1', new Date(), payload, [a, b]);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(a).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(new Webhook(b).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(() => new Webhook(a).verify(`${payload} `, headers)).toThrow();
  });
});

describe('plugin handler matching (SDK on_event patterns)', () => {
  it('matches "*", exact types and prefixes', () => {
    expect(handlerPatternMatches('*', 'alert.created')).toBe(true);
    expect(handlerPatternMatches('alert.*', 'alert.created')).toBe(true);
    expect(handlerPatternMatches('alert.*', 'alerts.created')).toBe(false);
    expect(handlerPatternMatches('contract.renewal_upcoming', 'contract.created')).toBe(false);
    expect(manifestHandles({ event_handlers: { on_x: ['contract.*'] } }, 'contract.updated')).toBe(true);
    expect(manifestHandles({ event_handlers: {} }, 'contract.updated')).toBe(false);
    expect(manifestHandles({}, 'contract.updated')).toBe(false);
  });
});
