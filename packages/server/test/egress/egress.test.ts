import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EGRESS,
  type EgressPolicy,
  egressRequest,
  egressServices,
  hostAllowed,
} from '../../src/egress/service.js';
import { PluginHost } from '../../src/engine/plugin-host.js';
import { resolveSandbox } from '../../src/engine/sandbox.js';
import { corpus, limits, python } from '../engine/fixtures.js';
import { HOSTILE, reportOf } from '../security/hostile.js';

/** A local HTTP server standing in for a customer's API (the only address tests may reach). */
function listing(): Server {
  return createServer((req, res) => {
    if (req.url === '/files.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(['a.txt', 'b.txt', 'missing.txt']));
    } else if (req.url === '/files/a.txt' || req.url === '/files/b.txt') {
      res.end(`content of ${req.url.slice(7)} for ${req.headers.authorization}`);
    } else if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/big') {
      res.end(Buffer.alloc(2048, 120));
    } else res.writeHead(404).end('not found');
  });
}

describe('egress of SourcePlugins (egress/service.ts)', () => {
  let server: Server;
  let base: string;
  const policy = (over: Partial<EgressPolicy> = {}): EgressPolicy => ({
    ...DEFAULT_EGRESS,
    allow: ['127.0.0.1'],
    allowPrivate: true,
    ...over,
  });

  beforeAll(async () => {
    server = listing();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it('matches allowlist entries exactly or as *.suffix', () => {
    expect(hostAllowed('api.example.com', ['api.example.com'])).toBe(true);
    expect(hostAllowed('API.example.com.', ['api.example.com'])).toBe(true);
    expect(hostAllowed('x.api.example.com', ['api.example.com'])).toBe(false);
    expect(hostAllowed('x.example.com', ['*.example.com'])).toBe(true);
    expect(hostAllowed('example.com', ['*.example.com'])).toBe(false);
    expect(hostAllowed('evilexample.com', ['*.example.com'])).toBe(false);
    expect(hostAllowed('anything', [])).toBe(false);
  });

  it('makes allowlisted requests and does not follow redirects', async () => {
    const ok = await egressRequest(policy(), { method: 'GET', url: `${base}/files.json` });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json');
    expect(JSON.parse(Buffer.from(ok.body, 'base64').toString())).toEqual(['a.txt', 'b.txt', 'missing.txt']);
    const moved = await egressRequest(policy(), { method: 'GET', url: `${base}/redirect` });
    expect(moved).toMatchObject({
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
  });

  it('refuses hosts off the allowlist, non-public addresses (SSRF guard), other schemes and oversize bodies', async () => {
    await expect(egressRequest(policy({ allow: [] }), { url: `${base}/files.json` })).rejects.toMatchObject({
      errorType: 'EgressRefused',
      message: expect.stringContaining('allowlist'),
    });
    await expect(
      egressRequest(policy({ allowPrivate: false }), { url: `${base}/files.json` }),
    ).rejects.toMatchObject({
      errorType: 'EgressRefused',
      message: expect.stringContaining('loopback'),
    });
    await expect(
      egressRequest(policy({ allow: ['localhost'], allowPrivate: false }), {
        url: `${base.replace('127.0.0.1', 'localhost')}/x`,
      }),
    ).rejects.toMatchObject({ errorType: 'EgressRefused' });
    await expect(egressRequest(policy(), { url: 'file:///etc/passwd' })).rejects.toMatchObject({
      errorType: 'EgressRefused',
    });
    await expect(egressRequest(policy({ maxBodyBytes: 1024 }), { url: `${base}/big` })).rejects.toMatchObject(
      {
        errorType: 'EgressFailed',
      },
    );
    await expect(egressRequest(policy(), { method: 'TRACE', url: `${base}/` })).rejects.toMatchObject({
      errorType: 'InvalidArguments',
    });
  });

  it('serves http_request to a sandboxed SourcePlugin, which has no network of its own', async () => {
    const host = new PluginHost({
      python,
      limits,
      poolSize: 1,
      recycleAfter: 100,
      log: () => undefined,
      sandbox: resolveSandbox(python, 'bwrap'),
    });
    try {
      const items: { filename: string; file_data: string }[] = [];
      const source = { id: 'http-source@1', source: corpus('valid/source_http.py') };
      const result = await host.call(
        'org-a',
        source,
        'fetch',
        { credentials: { token: 't0k' }, state: {}, configs: { base_url: base } },
        {
          services: egressServices(policy()),
          onItem: (value) => items.push(value as { filename: string; file_data: string }),
        },
      );
      expect(result).toMatchObject({ count: 3, state: { fetched: ['a.txt', 'b.txt', 'missing.txt'] } });
      expect(items.map((i) => i.filename)).toEqual(['a.txt', 'b.txt', 'missing.txt']);
      expect(Buffer.from(items[0]?.file_data ?? '', 'base64').toString()).toBe(
        'content of a.txt for Bearer t0k',
      );
      // The same plugin host refuses what the policy refuses, and the plugin sees why.
      const refused = await host
        .call(
          'org-a',
          source,
          'has_new_data',
          { credentials: {}, state: {}, configs: { base_url: base } },
          {
            services: egressServices(policy({ allow: ['api.example.com'] })),
          },
        )
        .catch((e: unknown) => e);
      expect(String((refused as Error).message)).toContain('EgressRefused');
      // Direct network access from inside the sandbox fails.
      const direct = await host
        .call('org-a', { id: 'hostile@1', source: HOSTILE }, 'classify', {
          document: {
            id: 'd',
            filename: 'f',
            text: JSON.stringify({ connect: [['127.0.0.1', Number(new URL(base).port)]] }),
          },
          file_data: null,
          mime_type: null,
          available_labels: [],
          current_path: [],
          configs: {},
        })
        .catch((e: unknown) => reportOf((e as Error).message));
      expect(Object.values((direct as { connect: Record<string, string> }).connect)[0]).toMatch(/^ERR /);
    } finally {
      await host.close();
    }
  });
});
