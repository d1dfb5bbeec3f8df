import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsole } from '../../src/console/static.js';
import { fakeConsoleDist } from './dist.js';

describe('the web console served at /', () => {
  const app = Fastify();
  let dist = '';
  beforeAll(async () => {
    dist = fakeConsoleDist();
    app.get('/api/v1/things', async () => ({ ok: true }));
    const fallback = await registerConsole(app, dist);
    app.setNotFoundHandler((req, reply) => {
      if (fallback(req, reply)) return;
      reply
        .code(404)
        .type('application/problem+json')
        .send({ status: 404, detail: `No route for ${req.url}` });
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = (url: string, accept = '*/*') => app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html and hashed assets (cached for good)', async () => {
    expect((await get('/')).body).toContain('id="root"');
    const asset = await get('/assets/index-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's Brotli copy of a file to a browser that accepts it, the file to one that does not", async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc.js.br')))).toBe(true);
    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(path.join(dist, 'assets', 'index-abc.js'), 'utf8'));
  });

  it('answers a browser navigation to a console path with index.html', async () => {
    const page = await get('/documents/0199', 'text/html,application/xhtml+xml');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
  });

  it('leaves the API and missing files to the not-found handler, and API routes alone', async () => {
    expect((await get('/api/v1/things')).json()).toEqual({ ok: true });
    const api = await get('/api/v1/unknown', 'text/html');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('problem+json');
    expect((await get('/missing.js')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/documents', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
  });

  it('adds nothing when the console is not built', async () => {
    const bare = Fastify();
    const fallback = await registerConsole(bare, path.join(tmpdir(), 'no-such-console-dist'));
    bare.setNotFoundHandler((req, reply) => {
      if (!fallback(req, reply)) reply.code(404).send('none');
    });
    expect(
      (await bare.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
    await bare.close();
  });
});
