import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';

describe('saved views (issue 35)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let team: string;
  let otherTeam: string;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    [owner, member] = await Promise.all([signUp(app), signUp(app)]);
    team = await createTeam(app, owner);
    otherTeam = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (
    user: TestUser,
    org: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api/v1/saved-views${url}`,
      headers: inOrg(user, org),
      ...(payload ? { payload } : {}),
    });

  it('saves a member’s view with defaults, lists it by name, and reads it back', async () => {
    const created = await call(member, team, 'POST', '', {
      name: 'Failed this week',
      query: { status: 'FAILED', sort: 'filename', dir: 'asc' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({
      name: 'Failed this week',
      resource: 'documents',
      query: { status: 'FAILED', sort: 'filename', dir: 'asc' },
      columns: ['filename', 'status', 'labels', 'label_confidence', 'fields', 'confidence', 'created_at'],
      show_in_sidebar: true,
    });
    await call(member, team, 'POST', '', {
      name: 'awaiting review',
      query: { q: 'renewal' },
      columns: ['filename'],
    });
    const list = await call(member, team, 'GET', '?resource=documents');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content.map((v: { name: string }) => v.name)).toEqual([
      'awaiting review',
      'Failed this week',
    ]);
    expect((await call(member, team, 'GET', `/${view.id}`)).json()).toEqual(view);
  });

  it('keeps views per user and organization: another member, or the same user elsewhere, sees none and gets 404', async () => {
    const [mine] = (await call(member, team, 'GET', '')).json().content;
    expect((await call(owner, team, 'GET', '')).json().content).toEqual([]);
    expect((await call(owner, otherTeam, 'GET', '')).json().content).toEqual([]);
    expectProblem(await call(owner, team, 'GET', `/${mine.id}`), 404);
    expectProblem(await call(owner, team, 'PUT', `/${mine.id}`, { name: 'hijacked' }), 404);
    expectProblem(await call(owner, team, 'DELETE', `/${mine.id}`), 404);
    // The same name is free for someone else.
    expect((await call(owner, team, 'POST', '', { name: mine.name })).statusCode).toBe(201);
  });

  it('replaces a view, refuses a name the user already has (any case), and deletes it', async () => {
    const created = (
      await call(member, team, 'POST', '', { name: 'Drafts', query: { label: 'Contract' } })
    ).json();
    const replaced = await call(member, team, 'PUT', `/${created.id}`, {
      name: 'Contracts',
      query: { label: 'Contract', status: 'PROCESSED' },
      columns: ['filename', 'labels'],
      show_in_sidebar: false,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      name: 'Contracts',
      query: { label: 'Contract', status: 'PROCESSED' },
      columns: ['filename', 'labels'],
      show_in_sidebar: false,
    });
    expectProblem(
      await call(member, team, 'POST', '', { name: 'CONTRACTS' }),
      409,
      /already have a view named "CONTRACTS"/,
    );
    expectProblem(await call(member, team, 'PUT', `/${created.id}`, { name: 'failed THIS week' }), 409);
    expect((await call(member, team, 'DELETE', `/${created.id}`)).statusCode).toBe(204);
    expectProblem(await call(member, team, 'GET', `/${created.id}`), 404);
  });

  it('answers 400 naming the field for a filter, sort or column the list does not have', async () => {
    expectInvalidField(
      await call(member, team, 'POST', '', { name: 'x', query: { colour: 'red' } }),
      'body.query',
    );
    expectInvalidField(
      await call(member, team, 'POST', '', { name: 'x', query: { status: 'LOST' } }),
      'body.query.status',
    );
    expectInvalidField(
      await call(member, team, 'POST', '', { name: 'x', columns: ['secret'] }),
      'body.columns.0',
    );
    expectInvalidField(
      await call(member, team, 'POST', '', { name: 'x', columns: ['status', 'status'] }),
      'body.columns',
    );
    expectInvalidField(await call(member, team, 'POST', '', { name: ' ' }), 'body.name');
    expectInvalidField(
      await call(member, team, 'POST', '', { name: 'x', resource: 'users' }),
      'body.resource',
    );
    expectInvalidField(
      await call(member, team, 'POST', '', { name: 'x', query: { source_id: 'manual' } }),
      'body.query.source_id',
    );
    expectUnauthorized(await app.inject({ method: 'GET', url: '/api/v1/saved-views' }));
  });

  it('keeps the documents list’s source filter (source_id), as the console links a source’s documents', async () => {
    const sourceId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const created = await call(member, team, 'POST', '', {
      name: 'From manual upload',
      query: { source_id: sourceId, status: 'PROCESSED' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().query).toEqual({ source_id: sourceId, status: 'PROCESSED' });
  });
});
