import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../src/console/security-headers.js';
import { registerConsole } from '../../src/console/static.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { fakeConsoleDist } from './dist.js';

/** Parses a Content-Security-Policy header into directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

function expectHardened(headers: Record<string, unknown>) {
  const policy = csp(headers['content-security-policy'] as string);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('browser security headers (issue 37 item 5)', () => {
  describe('on the console', () => {
    const app = Fastify();
    beforeAll(async () => {
      const dist = fakeConsoleDist();
      await registerSecurityHeaders(app, { https: false });
      const fallback = await registerConsole(app, dist);
      app.setNotFoundHandler((req, reply) => {
        if (!fallback(req, reply)) reply.code(404).send({ status: 404 });
      });
      await app.ready();
    });
    afterAll(async () => app.close());

    it('sets CSP without inline scripts, DENY framing, no-referrer and nosniff on the page, its SPA paths and assets', async () => {
      for (const url of ['/', '/documents/0199', '/assets/index-abc.js']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expectHardened(res.headers);
        const scripts = csp(res.headers['content-security-policy'] as string).get('script-src') ?? [];
        expect(scripts.some((s) => s.includes('unsafe-inline'))).toBe(false);
      }
    });

    it('sends HSTS only when the public URL is HTTPS', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
      ).toBeUndefined();
      const https = Fastify();
      await registerSecurityHeaders(https, { https: true });
      https.get('/', async () => 'ok');
      const res = await https.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      await https.close();
    });
  });

  describe('on the service', () => {
    let app: TestApp;
    beforeAll(async () => {
      ({ app } = await createTestApp());
    });
    afterAll(async () => app.close());

    it('hardens API answers, errors and the health check alike', async () => {
      for (const url of ['/health', '/api/v1/users/me', '/api/v1/nothing-here']) {
        const res = await app.inject({ method: 'GET', url });
        expectHardened(res.headers);
      }
    });
  });
});
