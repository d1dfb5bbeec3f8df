import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsole } from '../../src/console/static.js';
import { fakeConsoleDist } from './dist.js';

describe('the web console served at /', () => {
  const app = Fastify();
  beforeAll(async () => {
    const dist = fakeConsoleDist();
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
