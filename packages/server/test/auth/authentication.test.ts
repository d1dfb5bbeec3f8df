import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from '../support/app.js';
import { expectInvalidField, expectProblem, expectUnauthorized } from './assertions.js';

let app: TestApp;

beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(async () => {
  await app.close();
});

describe('Authentication (spec §5, api-decisions §1)', () => {
  const me = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  async function localToken(email: string, opts: { sub?: string; name?: string; ttl?: number } = {}) {
    const issuer = app.ctx.localIssuer;
    if (!issuer) throw new Error('the test app has no local issuer');
    return issuer.sign({ sub: opts.sub ?? `test|${email}`, email, name: opts.name }, opts.ttl ?? 600);
  }

  describe('missing or invalid credentials answer 401 "Authentication required" with WWW-Authenticate: Bearer', () => {
    it('without an Authorization header, or with another scheme', async () => {
      expectUnauthorized(await me({}));
      expectUnauthorized(await me({ authorization: 'Basic dXNlcjpwYXNz' }));
      expectUnauthorized(await me({ authorization: 'Bearer' }));
      expectUnauthorized(await me({ authorization: 'Bearer not-a-jwt' }));
    });

    it('with an expired token, a token without email, or one signed by an untrusted key', async () => {
      expectUnauthorized(await me(bearer(await localToken(uniqueEmail(), { ttl: -120 }))));
      expectUnauthorized(await me(bearer(await localToken(''))));
      const { privateKey } = await generateKeyPair('ES256');
      const forged = await new SignJWT({ email: uniqueEmail() })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(app.ctx.config.publicUrl)
        .setSubject('forged')
        .setExpirationTime('10m')
        .sign(privateKey);
      expectUnauthorized(await me(bearer(forged)));
      const otherIssuer = await new SignJWT({ email: uniqueEmail() })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer('https://idp.example')
        .setSubject('x')
        .setExpirationTime('10m')
        .sign(privateKey);
      expectUnauthorized(await me(bearer(otherIssuer)));
    });

    it('but not on the public invitation endpoint', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/invitations/some-token' });
      expectProblem(res, 404);
      expect(res.headers['www-authenticate']).toBeUndefined();
    });
  });

  describe('just-in-time provisioning', () => {
    it('creates the user of a new subject with a PERSONAL organization it owns', async () => {
      const email = uniqueEmail('jit');
      const token = await localToken(email.toUpperCase(), { name: 'Jit User' });
      const res = await me(bearer(token));
      expect(res.statusCode, res.body).toBe(200);
      const profile = res.json();
      expect(profile).toMatchObject({ email, name: 'Jit User', is_system_admin: false, deleted_at: null });
      expect(profile.roles).toHaveLength(1);
      expect(profile.roles[0].role).toBe('OWNER');

      const org = await app.inject({
        method: 'GET',
        url: '/api/v1/organizations/me',
        headers: bearer(token),
      });
      expect(org.json()).toMatchObject({
        id: profile.roles[0].organization_id,
        kind: 'PERSONAL',
        parent_id: null,
      });

      const again = await me(bearer(await localToken(email)));
      expect(again.json().id).toBe(profile.id);
      const memberships = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me/organizations',
        headers: bearer(token),
      });
      expect(memberships.json()).toHaveLength(1);
    });

    it('links another subject with the same email to the same user', async () => {
      const email = uniqueEmail('twice');
      const first = (await me(bearer(await localToken(email, { sub: 'idp-a|1' })))).json();
      const second = (await me(bearer(await localToken(email, { sub: 'idp-b|2' })))).json();
      expect(second.id).toBe(first.id);
      expect(second.roles).toEqual(first.roles);
    });

    it('creates one user when the first requests of a new subject arrive together', async () => {
      const email = uniqueEmail('race');
      const token = await localToken(email);
      const results = await Promise.all([me(bearer(token)), me(bearer(token)), me(bearer(token))]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      const orgs = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me/organizations',
        headers: bearer(token),
      });
      expect(orgs.json()).toHaveLength(1);
    });
  });
});

describe('Active organization (X-Organization-Id) and organization-restricted API keys', () => {
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let team: string;

  const activeOrg = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/organizations/me', headers });

  beforeAll(async () => {
    owner = await signUp(app);
    member = await signUp(app);
    outsider = await signUp(app);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
  });

  it('selects the active organization by header, else the personal one', async () => {
    expect((await activeOrg(member.headers)).json().id).toBe(member.personalOrgId);
    expect((await activeOrg(inOrg(member, team))).json().id).toBe(team);
    expect((await activeOrg(inOrg(member, member.personalOrgId))).json().id).toBe(member.personalOrgId);
  });

  it('answers 403 for an organization the caller does not belong to, an unknown one or a malformed id', async () => {
    expectProblem(await activeOrg(inOrg(outsider, team)), 403);
    expectProblem(await activeOrg(inOrg(owner, '0190a000-0000-7000-8000-000000000000')), 403);
    expectProblem(await activeOrg(inOrg(owner, 'team')), 403);
    expectProblem(
      await app.inject({ method: 'GET', url: '/api/v1/users', headers: inOrg(outsider, team) }),
      403,
    );
  });

  it('lets a SYSTEM_ADMIN act in an organization it does not belong to', async () => {
    const sysadmin = await systemAdmin(app);
    expect((await activeOrg(inOrg(sysadmin, team))).json().id).toBe(team);
    const users = await app.inject({ method: 'GET', url: '/api/v1/users', headers: inOrg(sysadmin, team) });
    expect(users.statusCode).toBe(200);
  });

  describe('an API key created with organization_id', () => {
    let restricted: Record<string, string>;

    beforeAll(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: owner.headers,
        payload: { name: 'team only', organization_id: team },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().organization_id).toBe(team);
      restricted = { authorization: `Bearer ${res.json().key}` };
    });

    it('acts in its organization without a header', async () => {
      expect((await activeOrg(restricted)).json().id).toBe(team);
      expect((await activeOrg({ ...restricted, 'x-organization-id': team })).json().id).toBe(team);
      const members = await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${team}/members`,
        headers: restricted,
      });
      expect(members.statusCode).toBe(200);
    });

    it('cannot select another organization (403)', async () => {
      expectProblem(
        await activeOrg({ ...restricted, 'x-organization-id': owner.personalOrgId }),
        403,
        /restricted/,
      );
      expectProblem(
        await app.inject({
          method: 'GET',
          url: '/api/v1/users',
          headers: { ...restricted, 'x-organization-id': owner.personalOrgId },
        }),
        403,
      );
    });

    it('cannot act on another organization named in the path or body (403)', async () => {
      const other = owner.personalOrgId;
      const cases = [
        app.inject({ method: 'GET', url: `/api/v1/organizations/${other}`, headers: restricted }),
        app.inject({ method: 'GET', url: `/api/v1/organizations/${other}/members`, headers: restricted }),
        app.inject({ method: 'GET', url: `/api/v1/organizations/${other}/settings`, headers: restricted }),
        app.inject({
          method: 'PUT',
          url: `/api/v1/organizations/${other}`,
          headers: restricted,
          payload: { name: 'hijacked' },
        }),
        app.inject({
          method: 'POST',
          url: '/api/v1/invitations',
          headers: restricted,
          payload: { email: uniqueEmail(), organization_id: other },
        }),
        app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: restricted,
          payload: { name: 'child of other', parent_id: other },
        }),
      ];
      for (const res of await Promise.all(cases)) expectProblem(res, 403, /restricted/);
      const personal = await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${other}`,
        headers: owner.headers,
      });
      expect(personal.json().name).not.toBe('hijacked');
    });

    it('passes its restriction on to keys it creates', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: restricted,
        payload: { name: 'child' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().organization_id).toBe(team);
    });

    it('can only be created for an organization of the caller (400 naming body.organization_id)', async () => {
      expectInvalidField(
        await app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: outsider.headers,
          payload: { name: 'sneaky', organization_id: team },
        }),
        'body.organization_id',
      );
    });
  });
});
