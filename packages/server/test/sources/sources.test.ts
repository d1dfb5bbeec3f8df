import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, events, vaultSecrets } from '../../src/db/schema.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
} from '../support/app.js';
import { finishedSync, type Json, registerTestSource, until } from './support.js';

describe('source connections (spec 4.3) and custom sources (4.11 fetch)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let sysAdmin: TestUser;
  let team: string;
  let h: Record<string, string>;
  let hm: Record<string, string>;

  const createSource = (payload: Json, headers = h) =>
    app.inject({ method: 'POST', url: '/api/v1/sources/custom', headers, payload });
  const sync = (id: string, headers = h) =>
    app.inject({ method: 'POST', url: `/api/v1/sources/${id}/sync`, headers });
  const get = (url: string, headers = h) => app.inject({ method: 'GET', url, headers });
  const base = { source_type: 'numbered_files', credentials: { api_key: 'k-123' } };

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_SOURCES_SCHEDULER_SECONDS: '0.5' }));
    owner = await signUp(app);
    member = await signUp(app);
    stranger = await signUp(app);
    sysAdmin = await systemAdmin(app);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
    hm = inOrg(member, team);
    await registerTestSource(app, h);
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('lists enabled providers publicly', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sources/providers' });
    expect(res.statusCode).toBe(200);
    const providers = (res.json() as Json[]).map((p) => p.provider);
    expect(providers).toEqual(expect.arrayContaining(['manual_upload', 'email_forwarding']));
  });

  it('creates the manual-upload connection once and links uploads to it', async () => {
    const a = await app.inject({ method: 'POST', url: '/api/v1/sources/connect/manual-upload', headers: h });
    const b = await app.inject({ method: 'POST', url: '/api/v1/sources/connect/manual-upload', headers: hm });
    expect(a.statusCode).toBe(200);
    const conn = a.json() as Json;
    expect(conn).toMatchObject({ kind: 'MANUAL_UPLOAD', provider: 'manual_upload', status: 'ACTIVE' });
    expect((b.json() as Json).id).toBe(conn.id);
    const boundary = 'XBOUNDARY';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="source_id"\r\n\r\n${conn.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `manual upload ${Date.now()}\r\n--${boundary}--\r\n`;
    const up = await app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(202);
    const cov = await get(`/api/v1/sources/${conn.id}/coverage`);
    expect(cov.json()).toMatchObject({ source_id: conn.id, total: 1 });
    const list = await get('/api/v1/sources?provider=manual_upload');
    expect((list.json() as { content: Json[] }).content.map((c) => c.id)).toEqual([conn.id]);
  });

  it('validates CreateCustomSourceRequest against the plugin (400 naming the field) and the role (403)', async () => {
    const cases: [Json, string][] = [
      [{ ...base, source_type: 'nope', name: 'x' }, 'body.source_type'],
      [{ ...base, name: 'x', credentials: {} }, 'body.credentials.api_key'],
      [{ ...base, name: 'x', credentials: { api_key: 'k', password: 'p' } }, 'body.credentials.password'],
      [{ ...base, name: 'x', configs: { nope: 1 } }, 'body.configs.nope'],
      [{ ...base, name: 'x', configs: { count: 'many' } }, 'body.configs.count'],
      [{ ...base }, 'body.name'],
    ];
    for (const [payload, field] of cases) {
      const res = await createSource(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = ((res.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
      expect(fields).toContain(field);
      expect(res.body).not.toContain('k-123');
    }
    expect((await createSource({ ...base, name: 'member' }, hm)).statusCode).toBe(403);
  });

  it('creates a custom source with credentials in the vault only, syncs it and saves the state per document', async () => {
    const res = await createSource({ ...base, name: 'Numbered', configs: { count: 3, tag: 'sync1' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('k-123');
    const conn = res.json() as Json;
    expect(conn).toMatchObject({
      kind: 'CUSTOM',
      provider: 'numbered_files',
      status: 'ACTIVE',
      auto_sync: false,
    });
    const id = String(conn.id);
    const secrets = await app.ctx.db.select().from(vaultSecrets).where(eq(vaultSecrets.connectionId, id));
    expect(secrets).toHaveLength(1);
    expect(JSON.stringify(secrets)).not.toContain('k-123');

    const started = await sync(id);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'RUNNING', trigger: 'MANUAL', source_id: id });
    const done = await finishedSync(app, h, id);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      documents_created: 3,
      documents_skipped: 0,
      error: null,
    });
    const state = await get(`/api/v1/sources/${id}/state`);
    expect(state.json()).toMatchObject({ source_id: id, state: { cursor: 3 } });
    expect(state.body).not.toContain('k-123');
    const folders = (await get(`/api/v1/sources/${id}/folders`)).json() as { folders: Json[] };
    expect(folders.folders.map((f) => [f.path, f.documents])).toEqual([
      ['/dir0', 2],
      ['/dir1', 1],
    ]);
    const detail = (await get(`/api/v1/sources/${id}`, hm)).json() as Json;
    expect(detail.status).toBe('ACTIVE');
    expect(detail.last_synced_at).not.toBeNull();
    const evs = await app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, team), eq(events.type, 'source.sync_completed')));
    expect(evs.some((e) => e.data.source_id === id && e.data.documents_created === 3)).toBe(true);
    expect(JSON.stringify(evs)).not.toContain('k-123');

    // Nothing new: a second sync creates nothing.
    expect((await sync(id)).statusCode).toBe(202);
    await until(async () => {
      const list = (await get(`/api/v1/sources/${id}/activity`)).json() as { content: Json[] };
      return list.content.length === 2 && list.content[0]?.status !== 'RUNNING';
    });
    const activity = (await get(`/api/v1/sources/${id}/activity`)).json() as { content: Json[] };
    expect(activity.content[0]).toMatchObject({ status: 'SUCCEEDED', documents_created: 0 });
  });

  it('resumes an interrupted sync after the last saved document, creating no duplicates', async () => {
    const res = await createSource({
      ...base,
      name: 'Flaky',
      configs: { count: 5, fail_at: 2, tag: 'resume' },
    });
    const id = String((res.json() as Json).id);
    await sync(id);
    const failed = await finishedSync(app, h, id);
    expect(failed).toMatchObject({ status: 'FAILED', documents_created: 2 });
    expect(String(failed.error)).toContain('the API failed at file 2');
    expect((await get(`/api/v1/sources/${id}`)).json()).toMatchObject({ status: 'ERROR' });
    expect(((await get(`/api/v1/sources/${id}/state`)).json() as { state: Json }).state).toEqual({
      cursor: 2,
    });

    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/sources/${id}`,
      headers: h,
      payload: { configs: { count: 5, fail_at: -1, tag: 'resume' } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await sync(id);
    await until(async () => {
      const list = (await get(`/api/v1/sources/${id}/activity`)).json() as { content: Json[] };
      return list.content.length === 2 && list.content[0]?.status !== 'RUNNING';
    });
    const second = ((await get(`/api/v1/sources/${id}/activity`)).json() as { content: Json[] }).content[0];
    expect(second).toMatchObject({ status: 'SUCCEEDED', documents_created: 3, documents_skipped: 0 });
    const docs = await app.ctx.db.select().from(documents).where(eq(documents.sourceId, id));
    expect(docs.map((d) => d.filename).sort()).toEqual([
      'file-0.txt',
      'file-1.txt',
      'file-2.txt',
      'file-3.txt',
      'file-4.txt',
    ]);
    expect((await get(`/api/v1/sources/${id}/coverage`)).json()).toMatchObject({ total: 5 });
  });

  it('counts files already stored as skipped duplicates', async () => {
    const id = String(
      ((await createSource({ ...base, name: 'Dup', configs: { count: 3, tag: 'sync1' } })).json() as Json).id,
    );
    await sync(id);
    expect(await finishedSync(app, h, id)).toMatchObject({
      status: 'SUCCEEDED',
      documents_created: 0,
      documents_skipped: 3,
    });
  });

  it('runs one sync per connection at a time (409) and stops a sync when the connection is deleted', async () => {
    const id = String(
      (
        (
          await createSource({ ...base, name: 'Slow', configs: { count: 40, delay: 0.1, tag: 'slow' } })
        ).json() as Json
      ).id,
    );
    const [a, b] = await Promise.all([sync(id), sync(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    await until(async () => {
      const [d] = await app.ctx.db.select().from(documents).where(eq(documents.sourceId, id)).limit(1);
      return d;
    });
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/sources/${id}`, headers: h });
    expect(del.statusCode, del.body).toBe(204);
    expect((await get(`/api/v1/sources/${id}`)).statusCode).toBe(404);
    expect(await app.ctx.db.select().from(vaultSecrets).where(eq(vaultSecrets.connectionId, id))).toEqual([]);
    const count = async () =>
      (await app.ctx.db.select().from(documents).where(eq(documents.sourceId, id))).length;
    // The item in flight when the delete arrived may still land; nothing after it.
    await new Promise((r) => setTimeout(r, 300));
    const after = await count();
    expect(after).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 600));
    // The documents stay, and no more arrive.
    expect(await count()).toBe(after);
    expect(after).toBeLessThan(40);
  });

  it('auto-syncs on schedule when has_new_data answers true', async () => {
    const id = String(
      ((await createSource({ ...base, name: 'Auto', configs: { count: 2, tag: 'auto' } })).json() as Json).id,
    );
    expect((await get(`/api/v1/sources/${id}/auto-sync`)).json()).toMatchObject({
      enabled: false,
      interval_minutes: 60,
    });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/sources/${id}/auto-sync`,
      headers: h,
      payload: { enabled: true, interval_minutes: 15 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, interval_minutes: 15 });
    const done = await finishedSync(app, h, id);
    expect(done).toMatchObject({ trigger: 'AUTO', status: 'SUCCEEDED', documents_created: 2 });
    const next = (await get(`/api/v1/sources/${id}/auto-sync`)).json() as Json;
    expect(new Date(String(next.next_check_at)).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/sources/${id}/auto-sync`,
          headers: hm,
          payload: { enabled: false },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('hides connections of other tenants (404) and lets members read but not write', async () => {
    const list = (await get('/api/v1/sources?size=100', hm)).json() as { content: Json[] };
    const id = String(list.content.find((c) => c.kind === 'CUSTOM')?.id);
    expect((await get(`/api/v1/sources/${id}`, hm)).statusCode).toBe(200);
    expect((await get(`/api/v1/sources/${id}/state`, hm)).statusCode).toBe(200);
    for (const url of [
      `/api/v1/sources/${id}`,
      `/api/v1/sources/${id}/activity`,
      `/api/v1/sources/${id}/state`,
    ]) {
      expect((await get(url, stranger.headers)).statusCode).toBe(404);
    }
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/sources/${id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/sources/${id}`, headers: hm })).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/sources/${id}`,
          headers: hm,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await sync(id, hm)).statusCode).toBe(403);
    expect((await get('/api/v1/sources')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/sources' })).statusCode).toBe(401);
    const failed = (await get('/api/v1/sources?status=ERROR')).json() as { content: Json[] };
    expect(failed.content.every((c) => c.status === 'ERROR')).toBe(true);
  });

  it('reports coverage per connection and for the organization', async () => {
    const cov = (await get('/api/v1/sources/coverage', hm)).json() as {
      total: number;
      sources: { source_id: string; total: number }[];
      by_status: Record<string, number>;
    };
    expect(cov.total).toBe(Object.values(cov.by_status).reduce((a, b) => a + b, 0));
    expect(cov.sources.length).toBeGreaterThanOrEqual(5);
    expect(cov.sources.reduce((a, s) => a + s.total, 0)).toBeLessThanOrEqual(cov.total);
  });

  it('enforces the max_sources quota with a 403 naming it', async () => {
    const q = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/quotas`,
      headers: sysAdmin.headers,
      payload: { max_sources: 1 },
    });
    expect(q.statusCode, q.body).toBe(200);
    const res = await createSource({ ...base, name: 'Over' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ quota: 'max_sources' });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/quotas`,
      headers: sysAdmin.headers,
      payload: {},
    });
  });
});
