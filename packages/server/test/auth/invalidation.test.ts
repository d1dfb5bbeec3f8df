import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTeam, createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

// Two server processes on one PostgreSQL database, as in a deployment with several API servers:
// each app has its own connection pool, principal cache and LISTEN connection. An in-memory
// PGlite belongs to one app, so this needs the run's PostgreSQL (the default of `make test`).
const onPostgres = Boolean(process.env.SERVICE_TEST_DB !== 'pglite');

describe.runIf(onPostgres)('Authentication caches across server processes (LISTEN/NOTIFY)', () => {
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let team: string;

  beforeAll(async () => {
    ({ app: a } = await createTestApp());
    ({ app: b } = await createTestApp());
    owner = await signUp(a);
    member = await signUp(a);
    team = await createTeam(a, owner);
    await addMember(a, owner, team, member, 'ADMIN');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  async function newKey(user: TestUser): Promise<{ id: string; headers: Record<string, string> }> {
    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: user.headers,
      payload: { name: 'k' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; key: string };
    return { id: body.id, headers: { authorization: `Bearer ${body.key}` } };
  }
  const me = (app: TestApp, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/users/me', headers });

  it('a key revoked on one process fails on the next request to another', async () => {
    const key = await newKey(member);
    expect((await me(b, key.headers)).statusCode).toBe(200);
    expect((await me(b, key.headers)).statusCode).toBe(200); // now served from b's cache

    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: member.headers,
    });
    expect(revoked.statusCode).toBe(204);

    expect((await me(b, key.headers)).statusCode).toBe(401);
    expect((await me(a, key.headers)).statusCode).toBe(401);
  });

  it('a role change on one process shows in the roles and tenant of the next request to another', async () => {
    const key = await newKey(member);
    const roleIn = async () =>
      (
        (await me(b, key.headers)).json() as { roles: { organization_id: string; role: string }[] }
      ).roles.find((r) => r.organization_id === team)?.role;
    expect(await roleIn()).toBe('ADMIN');

    const changed = await a.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/members/${member.id}/role`,
      headers: owner.headers,
      payload: { role: 'MEMBER' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await roleIn()).toBe('MEMBER');
  });

  it('a member removed on one process can no longer act in the organization on another', async () => {
    const key = await newKey(member);
    const inTeam = { ...key.headers, 'x-organization-id': team };
    const list = () => b.inject({ method: 'GET', url: '/api/v1/documents', headers: inTeam });
    expect((await list()).statusCode).toBe(200);

    const removed = await a.inject({
      method: 'DELETE',
      url: `/api/v1/organizations/${team}/members/${member.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list()).statusCode).toBe(403);
  });

  it('a member added on one process can act in the organization on another at once', async () => {
    const newcomer = await signUp(a);
    const key = await newKey(newcomer);
    const inTeam = { ...key.headers, 'x-organization-id': team };
    const list = () => b.inject({ method: 'GET', url: '/api/v1/documents', headers: inTeam });
    expect((await list()).statusCode).toBe(403); // b now caches the principal without the team

    await addMember(a, owner, team, newcomer, 'MEMBER');
    expect((await list()).statusCode).toBe(200);
  });
});
