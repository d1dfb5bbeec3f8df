import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationExports } from '../../src/db/schema.js';
import { exportJobTimeoutSeconds } from '../../src/exports/service.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp, type TestUser } from '../support/app.js';

type Json = Record<string, unknown>;

/** Starting organization exports (docs/export.md): one at a time, never blocked by a dead one. */
describe('POST /api/v1/exports', () => {
  let app: TestApp;
  let owner: TestUser;

  // No workers: an export stays PENDING until the test moves it, as behind a busy or stopped worker.
  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    owner = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const start = (headers: Record<string, string>, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers,
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const read = async (headers: Record<string, string>, id: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/exports/${id}`, headers })).json();

  it('refuses a second export while one is PENDING or RUNNING, naming it (409)', async () => {
    const h = inOrg(owner, await createTeam(app, owner));
    const first = await start(h);
    expect(first.statusCode, first.body).toBe(202);
    const { id } = first.json();

    const second = await start(h);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: 409, export_id: id });
    expect(second.json().detail).toContain(`Export ${id} of this organization is PENDING`);

    await app.ctx.db
      .update(organizationExports)
      .set({ status: 'RUNNING', startedAt: new Date() })
      .where(eq(organizationExports.id, id));
    expect((await start(h)).json()).toMatchObject({ status: 409, export_id: id });

    // Finished (either way), it no longer blocks.
    await app.ctx.db
      .update(organizationExports)
      .set({ status: 'FAILED', error: 'disk full', finishedAt: new Date() })
      .where(eq(organizationExports.id, id));
    expect((await start(h)).statusCode).toBe(202);
  });

  it('lets two requests at once start one export, not two', async () => {
    const h = inOrg(owner, await createTeam(app, owner));
    const codes = (await Promise.all([start(h), start(h), start(h)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([202, 409, 409]);
  });

  it('does not count an export older than its job time limit: it is marked FAILED as abandoned', async () => {
    const h = inOrg(owner, await createTeam(app, owner));
    const stuck = (await start(h)).json().id as string;
    const limit = exportJobTimeoutSeconds(app.ctx.config);
    // The worker running it crashed an hour past its job's time limit.
    await app.ctx.db
      .update(organizationExports)
      .set({ status: 'RUNNING', startedAt: new Date(Date.now() - (limit + 60) * 1000) })
      .where(eq(organizationExports.id, stuck));

    const next = await start(h);
    expect(next.statusCode, next.body).toBe(202);
    expect(next.json().id).not.toBe(stuck);
    const old = await read(h, stuck);
    expect(old).toMatchObject({ status: 'FAILED' });
    expect(old.error).toMatch(/^abandoned: not finished within the job's time limit/);
    expect(old.finished_at).not.toBeNull();

    // A PENDING one no worker took within the limit does not block either.
    await app.ctx.db
      .update(organizationExports)
      .set({ createdAt: new Date(Date.now() - (limit + 60) * 1000) })
      .where(eq(organizationExports.id, next.json().id));
    expect((await start(h)).statusCode).toBe(202);
    expect((await read(h, next.json().id)).status).toBe('FAILED');
  });

  it('takes no parameters: no body or {} start an export, anything else is 400 naming the key', async () => {
    const h = inOrg(owner, await createTeam(app, owner));
    const bad = await start(h, { format: 'csv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'body', message: 'Unrecognized key: "format"' }]);
    expect((await start(h, [])).statusCode).toBe(400);
    expect((await start(h, {})).statusCode).toBe(202);

    const h2 = inOrg(owner, await createTeam(app, owner));
    expect((await start(h2)).statusCode).toBe(202);
  });
});
