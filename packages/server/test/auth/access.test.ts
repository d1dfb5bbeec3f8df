import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAccess, installAccess, PRINCIPAL, TENANT } from '../../src/auth/access.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';

/**
 * Every `METHOD path` of Fastify's router, read from `printRoutes` (the router's own table, so a
 * route that escaped the access hook still shows): the tree's segments joined per line.
 */
function routerRoutes(printed: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of printed.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const m = /^(.*?) \(([A-Z, ]+)\)$/.exec(line.slice(at + 4));
    const segment = m?.[1] ?? line.slice(at + 4);
    stack.length = depth;
    stack.push(segment);
    for (const method of m?.[2]?.split(', ') ?? []) out.push(`${method} ${stack.join('')}`);
  }
  return out;
}

/** `:id|:orgId` and `:orgId` alike: the router merges parameters of one position. */
const shape = (route: string) => route.replace(/:[^/]+/g, ':');

describe('routes declare their access', () => {
  let app: TestApp;
  let declared: Map<string, string>;
  beforeAll(async () => {
    ({ app } = await createTestApp());
    declared = new Map(app.accessTable.map((r) => [`${r.method} ${r.url}`, describeAccess(r.access)]));
  });
  afterAll(async () => app.close());

  it('lists every route of the router with a declaration', () => {
    const byShape = new Map([...declared].map(([route, access]) => [shape(route), access]));
    const listed = routerRoutes(app.printRoutes({ commonPrefix: false })).map((route) => {
      // A route at `/prefix` is also registered at `/prefix/`, with the same options; the tree
      // prints a wildcard below its nearest branching, without the static part in between.
      const access =
        byShape.get(shape(route)) ??
        byShape.get(shape(route).replace(/\/$/, '')) ??
        [...byShape].find(
          ([r]) => route.endsWith('*') && r.endsWith('*') && r.startsWith(route.slice(0, -1)),
        )?.[1];
      return `${route}  ${access ?? 'UNDECLARED'}`;
    });
    expect(listed.length).toBeGreaterThan(200);
    expect(listed.filter((line) => line.endsWith('UNDECLARED'))).toEqual([]);
  });

  it('declares the public, tenant and admin routes as the spec has them', () => {
    expect(declared.get('GET /health')).toBe('public');
    expect(declared.get('GET /openapi.json')).toBe('public');
    expect(declared.get('GET /api/v1/invitations/:token')).toBe('public');
    expect(declared.get('GET /api/v1/users/me')).toBe('principal');
    expect(declared.get('GET /api/v1/documents')).toBe('tenant');
    expect(declared.get('POST /api/v1/documents/:id/reprocess')).toBe('tenant OWNER|ADMIN');
    expect(declared.get('POST /api/v1/exports')).toBe('tenant OWNER');
    expect(declared.get('GET /api/v1/organizations')).toBe('principal SYSTEM_ADMIN');
    expect(declared.get('PUT /api/v1/organizations/:orgId/quotas')).toBe('principal SYSTEM_ADMIN');
  });

  it('answers a declared admin route for a non-admin with the service’s own problem', async () => {
    const user = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/api/v1/organizations', headers: user.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: 'This action requires the role SYSTEM_ADMIN' });
    const foreign = await app.inject({
      method: 'GET',
      url: '/api/v1/documents',
      headers: { ...user.headers, 'x-organization-id': '00000000-0000-4000-8000-000000000000' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe('You are not a member of this organization');
  });
});

describe('an app with a route that declares no access', () => {
  it('refuses to start, naming the route', async () => {
    const { app: real } = await createTestApp();
    const bare = Fastify();
    installAccess(bare, real.ctx);
    bare.get('/api/v1/declared', { config: { access: TENANT } }, async () => 'ok');
    bare.get('/api/v1/forgotten', async () => 'ok');
    bare.get('/outside', { config: { access: PRINCIPAL } }, async () => 'ok');
    await expect(bare.ready()).rejects.toThrow(
      /GET \/api\/v1\/forgotten declares no access[\s\S]*GET \/outside needs a caller but lies outside \/api\//,
    );
    await real.close();
  });
});
