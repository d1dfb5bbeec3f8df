import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectPage, expectProblem, expectUnauthorized } from '../auth/assertions.js';
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

interface Profile {
  id: string;
  email: string;
  name: string | null;
  is_system_admin: boolean;
  roles: { organization_id: string | null; role: string }[];
  created_at: string;
  deleted_at: string | null;
}

describe('Users (spec 4.4)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let sysadmin: TestUser;
  let team: string;

  /** Creates a user in the team through the API, as the team's ADMIN. */
  async function createUser(payload: Record<string, unknown>): Promise<Profile> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: inOrg(admin, team),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app, uniqueEmail('owner'), 'Olivia Owner');
    admin = await signUp(app, uniqueEmail('admin'), 'Adam Admin');
    member = await signUp(app, uniqueEmail('member'), 'Mia Member');
    outsider = await signUp(app, uniqueEmail('outsider'));
    sysadmin = await systemAdmin(app);
    team = await createTeam(app, owner, 'Users Team');
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['GET', '/api/v1/users'],
    ['POST', '/api/v1/users'],
    ['GET', '/api/v1/users/me'],
    ['PUT', '/api/v1/users/me'],
    ['GET', '/api/v1/users/me/organizations'],
    ['GET', '/api/v1/users/0190a000-0000-7000-8000-000000000000'],
    ['PUT', '/api/v1/users/0190a000-0000-7000-8000-000000000000'],
    ['DELETE', '/api/v1/users/0190a000-0000-7000-8000-000000000000'],
    ['POST', '/api/v1/users/0190a000-0000-7000-8000-000000000000/restore'],
  ] as const)('%s %s answers 401 without credentials', async (method, url) => {
    expectUnauthorized(
      await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} }),
    );
  });

  describe('GET /users/me and PUT /users/me', () => {
    it('shows the profile with roles per organization', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: owner.headers });
      expect(res.statusCode).toBe(200);
      const me: Profile = res.json();
      expect(me).toMatchObject({
        id: owner.id,
        email: owner.email,
        name: 'Olivia Owner',
        is_system_admin: false,
        deleted_at: null,
      });
      expect(new Date(me.created_at).toISOString()).toBe(me.created_at);
      expect(me.roles).toEqual(
        expect.arrayContaining([
          { organization_id: owner.personalOrgId, role: 'OWNER' },
          { organization_id: team, role: 'OWNER' },
        ]),
      );
    });

    it('shows SYSTEM_ADMIN as a platform-wide role', async () => {
      const me: Profile = (
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: sysadmin.headers })
      ).json();
      expect(me.is_system_admin).toBe(true);
      expect(me.roles).toContainEqual({ organization_id: null, role: 'SYSTEM_ADMIN' });
    });

    it('updates the name and the default organization, which then becomes the active one', async () => {
      const user = await signUp(app);
      await addMember(app, owner, team, user, 'MEMBER');
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/users/me',
        headers: user.headers,
        payload: { name: 'Renamed', default_organization_id: team },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, name: 'Renamed' });
      const active = await app.inject({
        method: 'GET',
        url: '/api/v1/organizations/me',
        headers: user.headers,
      });
      expect(active.json().id).toBe(team);
    });

    it('answers an API key from its cached principal, and shows a rename or a role change at once', async () => {
      const user = await signUp(app, uniqueEmail('cached'), 'Before');
      await addMember(app, owner, team, user, 'MEMBER');
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: user.headers,
        payload: { name: 'me' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const key = { authorization: `Bearer ${(created.json() as { key: string }).key}` };
      const me = async (headers: Record<string, string>) => {
        const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        return res.body;
      };
      const first = await me(key);
      // The key's answer (from the cached principal) is the token's (loaded per request), byte for byte.
      expect(await me(key)).toBe(first);
      expect(await me(user.headers)).toBe(first);
      expect((JSON.parse(first) as Profile).name).toBe('Before');

      const renamed = await app.inject({
        method: 'PUT',
        url: '/api/v1/users/me',
        headers: key,
        payload: { name: 'After' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((JSON.parse(await me(key)) as Profile).name).toBe('After');

      const promoted = await app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${team}/members/${user.id}/role`,
        headers: owner.headers,
        payload: { role: 'ADMIN' },
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect((JSON.parse(await me(key)) as Profile).roles).toContainEqual({
        organization_id: team,
        role: 'ADMIN',
      });
      expect(await me(key)).toBe(await me(user.headers));
    });

    it('rejects an invalid name and an organization the caller does not belong to (400 naming the field)', async () => {
      expectInvalidField(
        await app.inject({
          method: 'PUT',
          url: '/api/v1/users/me',
          headers: member.headers,
          payload: { name: '' },
        }),
        'body.name',
      );
      expectInvalidField(
        await app.inject({
          method: 'PUT',
          url: '/api/v1/users/me',
          headers: member.headers,
          payload: { default_organization_id: outsider.personalOrgId },
        }),
        'body.default_organization_id',
      );
      expectInvalidField(
        await app.inject({
          method: 'PUT',
          url: '/api/v1/users/me',
          headers: member.headers,
          payload: { default_organization_id: 'not-a-uuid' },
        }),
        'body.default_organization_id',
      );
    });

    it('lists the caller’s memberships with their organizations', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me/organizations',
        headers: member.headers,
      });
      expect(res.statusCode).toBe(200);
      const list = res.json() as {
        organization_id: string;
        user_id: string;
        role: string;
        organization: { kind: string };
      }[];
      expect(list).toHaveLength(2);
      expect(list).toContainEqual(
        expect.objectContaining({
          organization_id: member.personalOrgId,
          user_id: member.id,
          role: 'OWNER',
          organization: expect.objectContaining({ id: member.personalOrgId, kind: 'PERSONAL' }),
        }),
      );
      expect(list).toContainEqual(
        expect.objectContaining({
          organization_id: team,
          role: 'MEMBER',
          organization: expect.objectContaining({ id: team, name: 'Users Team', kind: 'TEAM' }),
        }),
      );
    });
  });

  describe('GET /users', () => {
    it('pages the users of the active organization, sorted as asked', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/users?page=0&size=2&sort=email,asc',
        headers: inOrg(owner, team),
      });
      const emails = [owner.email, admin.email, member.email].sort();
      const total = (
        await app.inject({ method: 'GET', url: '/api/v1/users?size=100', headers: inOrg(owner, team) })
      ).json().page.total_elements as number;
      const content = expectPage<Profile>(res, {
        number: 0,
        size: 2,
        total_elements: total,
        total_pages: Math.ceil(total / 2),
      });
      expect(content).toHaveLength(2);
      expect(content.map((u) => u.email)).toEqual([...content.map((u) => u.email)].sort());
      const all = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/users?size=100&sort=email,desc',
          headers: inOrg(admin, team),
        })
      ).json().content as Profile[];
      expect(all.map((u) => u.email)).toEqual(expect.arrayContaining(emails));
      expect(all.map((u) => u.email)).toEqual([...all.map((u) => u.email)].sort().reverse());
      expect(all.map((u) => u.email)).not.toContain(outsider.email);
    });

    it('uses page 0 and size 20 by default', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/users', headers: inOrg(owner, team) });
      expect(res.statusCode).toBe(200);
      expect(res.json().page).toMatchObject({ number: 0, size: 20 });
    });

    it('rejects an unknown sort field and a bad page size (400)', async () => {
      expectInvalidField(
        await app.inject({
          method: 'GET',
          url: '/api/v1/users?sort=password,asc',
          headers: inOrg(owner, team),
        }),
        'query.sort',
      );
      expectInvalidField(
        await app.inject({ method: 'GET', url: '/api/v1/users?size=0', headers: inOrg(owner, team) }),
        'query.size',
      );
    });

    it('is forbidden to a MEMBER (403)', async () => {
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/users', headers: inOrg(member, team) }),
        403,
      );
    });
  });

  describe('GET /users?platform=true (SYSTEM_ADMIN)', () => {
    it('finds a deleted user of an organization the SYSTEM_ADMIN does not belong to, by email, and restores them', async () => {
      const foreignOwner = await signUp(app, uniqueEmail('foreign-owner'));
      const foreign = await createTeam(app, foreignOwner, 'Foreign Team');
      const victim = await signUp(app, uniqueEmail('foreign_victim'));
      await addMember(app, foreignOwner, foreign, victim, 'MEMBER');
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${victim.id}`,
        headers: inOrg(foreignOwner, foreign),
      });
      expect(del.statusCode, del.body).toBe(204);

      // The SYSTEM_ADMIN, in their own organization, searches the platform's deleted users by email.
      const found = await app.inject({
        method: 'GET',
        url: `/api/v1/users?platform=true&deleted=only&q=${encodeURIComponent('FOREIGN_VICTIM')}`,
        headers: sysadmin.headers,
      });
      const deleted = expectPage<Profile>(found, { number: 0, size: 20, total_elements: 1, total_pages: 1 });
      expect(deleted.map((u) => u.id)).toEqual([victim.id]);
      // Every role of the user is shown, the foreign organization's included.
      expect(deleted[0]?.roles).toContainEqual({ organization_id: foreign, role: 'MEMBER' });
      expect(deleted[0]?.deleted_at).not.toBeNull();
      // `_` in the search is the character, not LIKE's wildcard.
      const wildcard = await app.inject({
        method: 'GET',
        url: '/api/v1/users?platform=true&deleted=include&q=foreign_v',
        headers: sysadmin.headers,
      });
      expect((wildcard.json().content as Profile[]).map((u) => u.id)).toEqual([victim.id]);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/users?platform=true&deleted=include&q=foreignxvictim',
            headers: sysadmin.headers,
          })
        ).json().page.total_elements,
      ).toBe(0);

      const restored = await app.inject({
        method: 'POST',
        url: `/api/v1/users/${victim.id}/restore`,
        headers: sysadmin.headers,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      const live = (
        await app.inject({
          method: 'GET',
          url: `/api/v1/users?platform=true&q=${encodeURIComponent(victim.email)}`,
          headers: sysadmin.headers,
        })
      ).json().content as Profile[];
      expect(live).toMatchObject([{ id: victim.id, deleted_at: null }]);
    });

    it('lists users of every organization, paged and sorted, without pending invitees’ stand-ins', async () => {
      // An invitation of an existing account makes a stand-in with the same email in the team.
      const invited = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: inOrg(admin, team),
        payload: { email: outsider.email },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const all = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/users?platform=true&size=100&sort=email,desc',
          headers: sysadmin.headers,
        })
      ).json().content as Profile[];
      const emails = all.map((u) => u.email);
      expect(emails).toEqual(expect.arrayContaining([owner.email, outsider.email, sysadmin.email]));
      expect(emails).toEqual([...emails].sort().reverse());
      expect(emails.filter((e) => e === outsider.email)).toHaveLength(1);
      const paged = await app.inject({
        method: 'GET',
        url: '/api/v1/users?platform=true&page=1&size=2',
        headers: sysadmin.headers,
      });
      expect(paged.json().page).toMatchObject({ number: 1, size: 2, total_elements: all.length });
    });

    it('is forbidden to an OWNER (403), who still sees only the users of their organization', async () => {
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/users?platform=true', headers: inOrg(owner, team) }),
        403,
      );
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/users?platform=true', headers: inOrg(member, team) }),
        403,
      );
      const own = await app.inject({
        method: 'GET',
        url: '/api/v1/users?platform=false&size=100',
        headers: inOrg(owner, team),
      });
      expect(own.statusCode, own.body).toBe(200);
      const emails = (own.json().content as Profile[]).map((u) => u.email);
      expect(emails).toEqual(expect.arrayContaining([owner.email, admin.email, member.email]));
      expect(emails).not.toContain(sysadmin.email);
      // The email search works in the organization's list too, and stays within it.
      const searched = await app.inject({
        method: 'GET',
        url: `/api/v1/users?q=${encodeURIComponent(member.email.toUpperCase())}`,
        headers: inOrg(owner, team),
      });
      expect((searched.json().content as Profile[]).map((u) => u.id)).toEqual([member.id]);
      expectInvalidField(
        await app.inject({ method: 'GET', url: '/api/v1/users?platform=yes', headers: sysadmin.headers }),
        'query.platform',
      );
    });
  });

  describe('POST /users', () => {
    it('creates a user who becomes a member of the active organization', async () => {
      const email = uniqueEmail('created');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: inOrg(admin, team),
        payload: { email: email.toUpperCase(), name: 'Created User', role: 'ADMIN' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        id: expect.any(String),
        email,
        name: 'Created User',
        is_system_admin: false,
        default_organization_id: null,
        roles: [{ organization_id: team, role: 'ADMIN' }],
        created_at: expect.any(String),
        deleted_at: null,
      });
    });

    it('defaults the role to MEMBER and answers 409 for an existing member', async () => {
      const email = uniqueEmail('created');
      const created = await createUser({ email });
      expect(created.roles).toEqual([{ organization_id: team, role: 'MEMBER' }]);
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: inOrg(owner, team),
          payload: { email },
        }),
        409,
      );
    });

    it('answers the same whether or not an account has the address, and adds nobody without consent', async () => {
      const stranger = await signUp(app, uniqueEmail('stranger'), 'Their Own Name');
      const post = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: inOrg(owner, team),
          payload: { email, name: 'As We Call Them', role: 'ADMIN' },
        });
      const existing = await post(stranger.email);
      const fresh = await post(uniqueEmail('nobody'));
      expect([existing.statusCode, fresh.statusCode], `${existing.body} ${fresh.body}`).toEqual([200, 200]);
      // Only the values that differ for any two new users differ: the id, the email, the time.
      const comparable = (body: Profile) => ({ ...body, id: 'id', email: 'email', created_at: 'now' });
      expect(comparable(existing.json())).toEqual(comparable(fresh.json()));
      expect(existing.json()).toMatchObject({
        email: stranger.email,
        name: 'As We Call Them',
        roles: [{ organization_id: team, role: 'ADMIN' }],
      });
      for (const secret of [stranger.id, stranger.personalOrgId, 'Their Own Name'])
        expect(existing.body).not.toContain(secret);
      // The account itself stays out of the organization until the person accepts.
      expectProblem(
        await app.inject({ method: 'GET', url: `/api/v1/users/${stranger.id}`, headers: inOrg(owner, team) }),
        404,
      );
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/organizations/${team}`, headers: stranger.headers }))
          .statusCode,
      ).toBe(403);
      // Later reads of the two answer alike too.
      for (const res of [existing, fresh]) {
        const shown = await app.inject({
          method: 'GET',
          url: `/api/v1/users/${res.json().id}`,
          headers: inOrg(owner, team),
        });
        expect(shown.statusCode, shown.body).toBe(200);
        expect(shown.json()).toEqual(res.json());
      }
      // Once the person accepts the mailed invitation, their account holds the membership.
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/invitations/me',
        headers: stranger.headers,
      });
      const invitation = (mine.json() as { id: string; organization_id: string }[]).find(
        (i) => i.organization_id === team,
      );
      expect(invitation, mine.body).toBeDefined();
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${invitation?.id}/accept`,
        headers: stranger.headers,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const joined = await app.inject({
        method: 'GET',
        url: `/api/v1/users/${stranger.id}`,
        headers: inOrg(owner, team),
      });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({
        name: 'Their Own Name',
        roles: [{ organization_id: team, role: 'ADMIN' }],
      });
      expectProblem(
        await app.inject({
          method: 'GET',
          url: `/api/v1/users/${existing.json().id}`,
          headers: inOrg(owner, team),
        }),
        404,
      );
    });

    it('shows an organization only its own membership of a user (no other organization, no foreign default)', async () => {
      const email = uniqueEmail('shared');
      const created = await createUser({ email });
      const token = await app.ctx.localIssuer?.sign({ sub: `idp|${email}`, email }, 600);
      const me: Profile = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      expect(me.roles).toHaveLength(2);
      for (const url of [`/api/v1/users/${created.id}`, '/api/v1/users?size=100']) {
        const res = await app.inject({ method: 'GET', url, headers: inOrg(owner, team) });
        expect(res.statusCode, res.body).toBe(200);
        const seen = res.body;
        for (const role of me.roles.filter((r) => r.organization_id !== team))
          expect(seen).not.toContain(role.organization_id);
      }
      const shown: Profile = (
        await app.inject({ method: 'GET', url: `/api/v1/users/${created.id}`, headers: inOrg(owner, team) })
      ).json();
      expect(shown.roles).toEqual([{ organization_id: team, role: 'MEMBER' }]);
    });

    it('creates one user when two requests for the same email race (200 and 409)', async () => {
      const email = uniqueEmail('race');
      const create = () =>
        app.inject({ method: 'POST', url: '/api/v1/users', headers: inOrg(owner, team), payload: { email } });
      const results = await Promise.all([create(), create()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('links the created user on first login by email (same id, no second user)', async () => {
      const email = uniqueEmail('linked');
      const created = await createUser({ email, name: 'Pre Created' });
      const token = await app.ctx.localIssuer?.sign({ sub: `idp|${email}`, email, name: 'From IdP' }, 600);
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const me: Profile = res.json();
      expect(me.id).toBe(created.id);
      expect(me.name).toBe('Pre Created');
      // Still a MEMBER of the team, and now also the OWNER of a personal organization of its own.
      expect(me.roles).toContainEqual({ organization_id: team, role: 'MEMBER' });
      expect(me.roles.filter((r) => r.role === 'OWNER')).toHaveLength(1);
      expect(me.roles).toHaveLength(2);
    });

    it('validates the body and names the field (400)', async () => {
      const post = (payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: '/api/v1/users', headers: inOrg(owner, team), payload });
      expectInvalidField(await post({ email: 'not-an-email' }), 'body.email');
      expectInvalidField(await post({ name: 'No Email' }), 'body.email');
      expectInvalidField(await post({ email: uniqueEmail(), role: 'OWNER' }), 'body.role');
      expectProblem(await post({ email: uniqueEmail(), password: 'x' }), 400);
    });

    it('is forbidden to a MEMBER (403)', async () => {
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: inOrg(member, team),
          payload: { email: uniqueEmail() },
        }),
        403,
      );
    });
  });

  describe('GET /users/{id}', () => {
    it('shows a user of the active organization to any member', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/users/${owner.id}`,
        headers: inOrg(member, team),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: owner.id, email: owner.email });
    });

    it('answers 404 for a user of another tenant and for an unknown id, 400 for a malformed one', async () => {
      expectProblem(
        await app.inject({ method: 'GET', url: `/api/v1/users/${outsider.id}`, headers: inOrg(owner, team) }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'GET',
          url: '/api/v1/users/0190a000-0000-7000-8000-000000000000',
          headers: inOrg(owner, team),
        }),
        404,
      );
      expectInvalidField(
        await app.inject({ method: 'GET', url: '/api/v1/users/42', headers: owner.headers }),
        'params.id',
      );
    });
  });

  describe('PUT /users/{id}', () => {
    it('lets an ADMIN rename a user and change the role in the active organization', async () => {
      const user = await createUser({ email: uniqueEmail() });
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/users/${user.id}`,
        headers: inOrg(admin, team),
        payload: { name: 'New Name', role: 'ADMIN' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        name: 'New Name',
        roles: [{ organization_id: team, role: 'ADMIN' }],
      });
    });

    it('renames only a user of this organization alone; a role changes for anyone (403 otherwise)', async () => {
      const consultant = await signUp(app);
      await addMember(app, owner, team, consultant, 'MEMBER');
      await createTeam(app, consultant);
      const put = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/users/${consultant.id}`,
          headers: inOrg(admin, team),
          payload,
        });
      expectProblem(await put({ name: 'Renamed by the team' }), 403, /other organizations.*users\/me/);
      const promoted = await put({ role: 'ADMIN' });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json().name).not.toBe('Renamed by the team');
    });

    it('cannot demote the OWNER (403)', async () => {
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: `/api/v1/users/${owner.id}`,
          headers: inOrg(admin, team),
          payload: { role: 'MEMBER' },
        }),
        403,
        /transfer/i,
      );
    });

    it('answers 403 to a MEMBER, 404 for another tenant’s user, 400 naming an invalid field', async () => {
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: `/api/v1/users/${admin.id}`,
          headers: inOrg(member, team),
          payload: { name: 'x' },
        }),
        403,
      );
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: `/api/v1/users/${outsider.id}`,
          headers: inOrg(owner, team),
          payload: { name: 'x' },
        }),
        404,
      );
      expectInvalidField(
        await app.inject({
          method: 'PUT',
          url: `/api/v1/users/${member.id}`,
          headers: inOrg(owner, team),
          payload: { role: 'OWNER' },
        }),
        'body.role',
      );
    });
  });

  describe('DELETE /users/{id} and POST /users/{id}/restore', () => {
    it('soft-deletes a user, who can no longer authenticate, and a SYSTEM_ADMIN restores it', async () => {
      const victim = await signUp(app);
      await addMember(app, owner, team, victim, 'MEMBER');
      const key = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: victim.headers,
          payload: { name: 'k' },
        })
      ).json().key as string;

      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${victim.id}`,
        headers: inOrg(admin, team),
      });
      expect(del.statusCode, del.body).toBe(204);
      expect(del.body).toBe('');

      expectUnauthorized(
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: victim.headers }),
      );
      expectUnauthorized(
        await app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          headers: { authorization: `Bearer ${key}` },
        }),
      );
      expectProblem(
        await app.inject({ method: 'GET', url: `/api/v1/users/${victim.id}`, headers: inOrg(owner, team) }),
        404,
      );
      const listed = (
        await app.inject({ method: 'GET', url: '/api/v1/users?size=100', headers: inOrg(owner, team) })
      ).json().content as Profile[];
      expect(listed.map((u) => u.id)).not.toContain(victim.id);
      // A SYSTEM_ADMIN lists the deleted users to restore them; an OWNER may not ask for them.
      const deletedOnly = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/users?size=100&deleted=only',
          headers: inOrg(sysadmin, team),
        })
      ).json().content as Profile[];
      expect(deletedOnly.map((u) => u.id)).toContain(victim.id);
      expect(deletedOnly.every((u) => u.deleted_at !== null)).toBe(true);
      const everyone = await app.inject({
        method: 'GET',
        url: '/api/v1/users?size=100&deleted=include&sort=email,asc',
        headers: inOrg(sysadmin, team),
      });
      expect(everyone.statusCode, everyone.body).toBe(200);
      expect((everyone.json().content as Profile[]).map((u) => u.id)).toEqual(
        expect.arrayContaining([victim.id, owner.id]),
      );
      expectProblem(
        await app.inject({
          method: 'GET',
          url: '/api/v1/users?deleted=include',
          headers: inOrg(owner, team),
        }),
        403,
      );
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/users?deleted=all', headers: inOrg(sysadmin, team) }),
        400,
      );
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/users/${victim.id}`,
          headers: inOrg(admin, team),
        }),
        404,
      );

      expectProblem(
        await app.inject({
          method: 'POST',
          url: `/api/v1/users/${victim.id}/restore`,
          headers: owner.headers,
        }),
        403,
      );
      const restored = await app.inject({
        method: 'POST',
        url: `/api/v1/users/${victim.id}/restore`,
        headers: sysadmin.headers,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({ id: victim.id, deleted_at: null });
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: victim.headers })).statusCode,
      ).toBe(200);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/users/me',
            headers: { authorization: `Bearer ${key}` },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('answers 404 to restore a user that is not deleted or does not exist', async () => {
      expectProblem(
        await app.inject({
          method: 'POST',
          url: `/api/v1/users/${member.id}/restore`,
          headers: sysadmin.headers,
        }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/api/v1/users/0190a000-0000-7000-8000-000000000000/restore',
          headers: sysadmin.headers,
        }),
        404,
      );
    });

    it('lets an organization delete only its own users: not one of other organizations, nor a SYSTEM_ADMIN (403)', async () => {
      // The consultant belongs to the team and owns an organization of their own.
      const consultant = await signUp(app);
      await addMember(app, owner, team, consultant, 'MEMBER');
      const theirs = await createTeam(app, consultant);
      const refused = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${consultant.id}`,
        headers: inOrg(owner, team),
      });
      expectProblem(refused, 403, /also belongs to other organizations.*remove them from this organization/);
      // Still signed in, still the OWNER of their organization.
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me/organizations',
        headers: consultant.headers,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ organization_id: theirs, role: 'OWNER' })]),
      );
      // The team removes the member instead; a SYSTEM_ADMIN may still delete the user.
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/organizations/${team}/members/${consultant.id}`,
        headers: inOrg(owner, team),
      });
      expect(removed.statusCode, removed.body).toBe(204);
      await addMember(app, owner, team, consultant, 'MEMBER');
      const bySysadmin = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${consultant.id}`,
        headers: inOrg(sysadmin, team),
      });
      expect(bySysadmin.statusCode, bySysadmin.body).toBe(204);

      // A SYSTEM_ADMIN who joined the team is no OWNER's to delete.
      await addMember(app, owner, team, sysadmin, 'MEMBER');
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/users/${sysadmin.id}`,
          headers: inOrg(owner, team),
        }),
        403,
        /SYSTEM_ADMIN/,
      );
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: sysadmin.headers })).statusCode,
      ).toBe(200);
    });

    it('answers 403 to a MEMBER, 404 for another tenant’s user, and protects the OWNER (403)', async () => {
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/users/${admin.id}`,
          headers: inOrg(member, team),
        }),
        403,
      );
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/users/${outsider.id}`,
          headers: inOrg(owner, team),
        }),
        404,
      );
      expectProblem(
        await app.inject({ method: 'DELETE', url: `/api/v1/users/${owner.id}`, headers: inOrg(admin, team) }),
        403,
        /OWNER/,
      );
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: outsider.headers })).statusCode,
      ).toBe(200);
    });
  });
});
