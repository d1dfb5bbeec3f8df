import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/db/schema.js';
import { expectInvalidField, expectPage, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import {
  addMember,
  createTeam,
  createTestApp,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from '../support/app.js';

interface Member {
  organization_id: string;
  user_id: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  created_at: string;
  user: { id: string; email: string; name: string | null };
}

const UNKNOWN = '0190a000-0000-7000-8000-000000000000';

/** The PostgreSQL error code of a failed query, looking through the driver wrapper. */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

describe('Organization members (spec 4.8)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let sysadmin: TestUser;
  let team: string;

  const membersUrl = (org: string, suffix = '') => `/api/v1/organizations/${org}/members${suffix}`;

  async function roles(org: string): Promise<Record<string, string>> {
    const res = await app.inject({
      method: 'GET',
      url: membersUrl(org, '?size=100'),
      headers: sysadmin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().content as Member[]).map((m) => [m.user_id, m.role]));
  }

  /** A team owned by `owner` with `admin` (ADMIN) and `member` (MEMBER). */
  async function freshTeam(): Promise<string> {
    const org = await createTeam(app, owner);
    await addMember(app, owner, org, admin, 'ADMIN');
    await addMember(app, owner, org, member, 'MEMBER');
    return org;
  }

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app, uniqueEmail('a-owner'), 'Owner');
    admin = await signUp(app, uniqueEmail('b-admin'), 'Admin');
    member = await signUp(app, uniqueEmail('c-member'), 'Member');
    outsider = await signUp(app, uniqueEmail('d-outsider'));
    sysadmin = await systemAdmin(app);
    team = await freshTeam();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['GET', membersUrl(UNKNOWN)],
    ['POST', membersUrl(UNKNOWN)],
    ['POST', membersUrl(UNKNOWN, '/transfer-ownership')],
    ['DELETE', membersUrl(UNKNOWN, `/${UNKNOWN}`)],
    ['PUT', membersUrl(UNKNOWN, `/${UNKNOWN}/role`)],
  ] as const)('%s %s answers 401 without credentials', async (method, url) => {
    expectUnauthorized(
      await app.inject({ method, url, payload: method === 'PUT' || method === 'POST' ? {} : undefined }),
    );
  });

  describe('GET /organizations/{orgId}/members', () => {
    it('pages the members with their users, sorted as asked', async () => {
      const res = await app.inject({
        method: 'GET',
        url: membersUrl(team, '?page=0&size=2&sort=email,asc'),
        headers: admin.headers,
      });
      const content = expectPage<Member>(res, { number: 0, size: 2, total_elements: 3, total_pages: 2 });
      expect(content).toEqual([
        {
          organization_id: team,
          user_id: owner.id,
          role: 'OWNER',
          created_at: expect.any(String),
          user: { id: owner.id, email: owner.email, name: 'Owner' },
        },
        expect.objectContaining({ user_id: admin.id, role: 'ADMIN' }),
      ]);
      const last = await app.inject({
        method: 'GET',
        url: membersUrl(team, '?page=1&size=2&sort=email,asc'),
        headers: owner.headers,
      });
      expect(
        expectPage<Member>(last, { number: 1, size: 2, total_elements: 3, total_pages: 2 }).map(
          (m) => m.user_id,
        ),
      ).toEqual([member.id]);
      const byRole = await app.inject({
        method: 'GET',
        url: membersUrl(team, '?sort=role,desc'),
        headers: owner.headers,
      });
      expect((byRole.json().content as Member[]).map((m) => m.role)).toEqual(['OWNER', 'MEMBER', 'ADMIN']);
    });

    it('answers 400 for an unknown sort field, 403 to a MEMBER and a non-member, 404 for an unknown organization', async () => {
      expectInvalidField(
        await app.inject({ method: 'GET', url: membersUrl(team, '?sort=password'), headers: owner.headers }),
        'query.sort',
      );
      expectInvalidField(
        await app.inject({ method: 'GET', url: membersUrl(team, '?page=-1'), headers: owner.headers }),
        'query.page',
      );
      expectProblem(await app.inject({ method: 'GET', url: membersUrl(team), headers: member.headers }), 403);
      expectProblem(
        await app.inject({ method: 'GET', url: membersUrl(team), headers: outsider.headers }),
        403,
      );
      expectProblem(
        await app.inject({ method: 'GET', url: membersUrl(UNKNOWN), headers: owner.headers }),
        404,
      );
    });
  });

  describe('POST /organizations/{orgId}/members', () => {
    it('adds an existing user by id at once, and invites by email, MEMBER by default', async () => {
      const org = await freshTeam();
      const byId = await app.inject({
        method: 'POST',
        url: membersUrl(org),
        headers: admin.headers,
        payload: { user_id: outsider.id, role: 'ADMIN' },
      });
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json()).toEqual({
        organization_id: org,
        user_id: outsider.id,
        role: 'ADMIN',
        created_at: expect.any(String),
      });

      // By email nobody is pulled in: the membership answered is a stand-in's until the person
      // accepts the mailed invitation; a role given meanwhile is the one they get.
      const other = await signUp(app);
      const byEmail = await app.inject({
        method: 'POST',
        url: membersUrl(org),
        headers: owner.headers,
        payload: { email: other.email.toUpperCase() },
      });
      expect(byEmail.statusCode, byEmail.body).toBe(200);
      const standIn = byEmail.json();
      expect(standIn).toEqual({
        organization_id: org,
        user_id: expect.any(String),
        role: 'MEMBER',
        created_at: expect.any(String),
      });
      expect(standIn.user_id).not.toBe(other.id);
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/organizations/${org}`, headers: other.headers }))
          .statusCode,
      ).toBe(403);
      const promoted = await app.inject({
        method: 'PUT',
        url: membersUrl(org, `/${standIn.user_id}/role`),
        headers: owner.headers,
        payload: { role: 'ADMIN' },
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      const mine = await app.inject({ method: 'GET', url: '/api/v1/invitations/me', headers: other.headers });
      const invitation = (mine.json() as { id: string; organization_id: string }[]).find(
        (i) => i.organization_id === org,
      );
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${invitation?.id}/accept`,
        headers: other.headers,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/organizations/${org}`, headers: other.headers }))
          .statusCode,
      ).toBe(200);
      const now = await roles(org);
      expect(now[other.id]).toBe('ADMIN');
      expect(now[standIn.user_id]).toBeUndefined();
    });

    it("leaves another organization's stand-in for the same person until that invitation is accepted", async () => {
      const [first, second] = [await freshTeam(), await freshTeam()];
      const person = await signUp(app);
      const add = async (org: string) => {
        const res = await app.inject({
          method: 'POST',
          url: membersUrl(org),
          headers: owner.headers,
          payload: { email: person.email },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().user_id as string;
      };
      const [firstStandIn, secondStandIn] = [await add(first), await add(second)];
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/invitations/me',
        headers: person.headers,
      });
      const accept = (org: string) => {
        const id = (mine.json() as { id: string; organization_id: string }[]).find(
          (i) => i.organization_id === org,
        )?.id;
        return app.inject({
          method: 'POST',
          url: `/api/v1/invitations/${id}/accept`,
          headers: person.headers,
        });
      };
      expect((await accept(first)).statusCode).toBe(200);
      expect(await roles(first)).toMatchObject({ [person.id]: 'MEMBER' });
      expect((await roles(first))[firstStandIn]).toBeUndefined();
      const stillWaiting = await roles(second);
      expect([stillWaiting[secondStandIn], stillWaiting[person.id]]).toEqual(['MEMBER', undefined]);
      expect((await accept(second)).statusCode).toBe(200);
      const after = await roles(second);
      expect([after[secondStandIn], after[person.id]]).toEqual([undefined, 'MEMBER']);
    });

    it('answers adding by email the same way whether or not an account has the address', async () => {
      const org = await freshTeam();
      const existing = await signUp(app);
      const add = (email: string) =>
        app.inject({ method: 'POST', url: membersUrl(org), headers: owner.headers, payload: { email } });
      const known = await add(existing.email);
      const unknown = await add(uniqueEmail('nobody'));
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      const comparable = (body: Member) => ({ ...body, user_id: 'id', created_at: 'now' });
      expect(comparable(known.json())).toEqual(comparable(unknown.json()));
      expect(known.body).not.toContain(existing.id);
      // Both are listed as members, alike.
      const listed = await roles(org);
      expect(listed[known.json().user_id]).toBe('MEMBER');
      expect(listed[unknown.json().user_id]).toBe('MEMBER');
      expect(listed[existing.id]).toBeUndefined();
    });

    it('answers 409 for a user who is already a member and 404 for an unknown user id', async () => {
      expectProblem(
        await app.inject({
          method: 'POST',
          url: membersUrl(team),
          headers: owner.headers,
          payload: { user_id: member.id },
        }),
        409,
      );
      expectProblem(
        await app.inject({
          method: 'POST',
          url: membersUrl(team),
          headers: owner.headers,
          payload: { user_id: UNKNOWN },
        }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'POST',
          url: membersUrl(team),
          headers: owner.headers,
          payload: { email: member.email },
        }),
        409,
      );
    });

    it('adds a user once when two requests race (200 and 409)', async () => {
      const newcomer = await signUp(app);
      const add = () =>
        app.inject({
          method: 'POST',
          url: membersUrl(team),
          headers: owner.headers,
          payload: { user_id: newcomer.id },
        });
      const results = await Promise.all([add(), add()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('validates the body and names the field (400)', async () => {
      const post = (payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: membersUrl(team), headers: owner.headers, payload });
      expectInvalidField(await post({}), 'body.user_id');
      expectInvalidField(await post({ user_id: outsider.id, email: outsider.email }), 'body.user_id');
      expectInvalidField(await post({ user_id: 'x' }), 'body.user_id');
      expectInvalidField(await post({ email: 'nope' }), 'body.email');
      expectInvalidField(await post({ user_id: outsider.id, role: 'OWNER' }), 'body.role');
    });

    it('answers 403 to a MEMBER and to a non-member', async () => {
      const newcomer = await signUp(app);
      for (const user of [member, outsider]) {
        expectProblem(
          await app.inject({
            method: 'POST',
            url: membersUrl(team),
            headers: user.headers,
            payload: { user_id: newcomer.id },
          }),
          403,
        );
      }
    });
  });

  describe('PUT /organizations/{orgId}/members/{userId}/role', () => {
    it('changes a member’s role', async () => {
      const org = await freshTeam();
      const res = await app.inject({
        method: 'PUT',
        url: membersUrl(org, `/${member.id}/role`),
        headers: admin.headers,
        payload: { role: 'ADMIN' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        organization_id: org,
        user_id: member.id,
        role: 'ADMIN',
        created_at: expect.any(String),
      });
      expect((await roles(org))[member.id]).toBe('ADMIN');
    });

    it('cannot demote the OWNER or make anyone OWNER', async () => {
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: membersUrl(team, `/${owner.id}/role`),
          headers: admin.headers,
          payload: { role: 'MEMBER' },
        }),
        403,
        /transfer/i,
      );
      expectInvalidField(
        await app.inject({
          method: 'PUT',
          url: membersUrl(team, `/${member.id}/role`),
          headers: owner.headers,
          payload: { role: 'OWNER' },
        }),
        'body.role',
      );
      expect((await roles(team))[owner.id]).toBe('OWNER');
    });

    it('answers 404 for a user who is not a member and 403 to a MEMBER or non-member', async () => {
      const put = (user: TestUser, target: string) =>
        app.inject({
          method: 'PUT',
          url: membersUrl(team, `/${target}/role`),
          headers: user.headers,
          payload: { role: 'ADMIN' },
        });
      expectProblem(await put(owner, outsider.id), 404);
      expectProblem(await put(member, member.id), 403);
      expectProblem(await put(outsider, member.id), 403);
    });
  });

  describe('DELETE /organizations/{orgId}/members/{userId}', () => {
    it('removes a member, who then loses access; a second removal is 404', async () => {
      const org = await freshTeam();
      const del = await app.inject({
        method: 'DELETE',
        url: membersUrl(org, `/${member.id}`),
        headers: admin.headers,
      });
      expect(del.statusCode, del.body).toBe(204);
      expect(del.body).toBe('');
      expect(await roles(org)).not.toHaveProperty(member.id);
      expectProblem(
        await app.inject({ method: 'GET', url: `/api/v1/organizations/${org}`, headers: member.headers }),
        403,
      );
      expectProblem(
        await app.inject({ method: 'DELETE', url: membersUrl(org, `/${member.id}`), headers: admin.headers }),
        404,
      );
    });

    it('never removes the OWNER (403), and an ADMIN cannot remove another ADMIN', async () => {
      const org = await freshTeam();
      const secondAdmin = await signUp(app);
      await addMember(app, owner, org, secondAdmin, 'ADMIN');
      for (const user of [owner, admin, sysadmin]) {
        expectProblem(
          await app.inject({ method: 'DELETE', url: membersUrl(org, `/${owner.id}`), headers: user.headers }),
          403,
        );
      }
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: membersUrl(org, `/${secondAdmin.id}`),
          headers: admin.headers,
        }),
        403,
      );
      expect(
        (await app.inject({ method: 'DELETE', url: membersUrl(org, `/${admin.id}`), headers: admin.headers }))
          .statusCode,
      ).toBe(204);
      expect((await roles(org))[owner.id]).toBe('OWNER');
    });

    it('answers 404 for another tenant’s user and 403 to a MEMBER or non-member', async () => {
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: membersUrl(team, `/${outsider.id}`),
          headers: owner.headers,
        }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: membersUrl(team, `/${admin.id}`),
          headers: member.headers,
        }),
        403,
      );
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: membersUrl(team, `/${member.id}`),
          headers: outsider.headers,
        }),
        403,
      );
      expectInvalidField(
        await app.inject({ method: 'DELETE', url: membersUrl(team, '/not-a-uuid'), headers: owner.headers }),
        'params.userId',
      );
    });
  });

  describe('POST /organizations/{orgId}/members/transfer-ownership', () => {
    it('makes the named member OWNER and the old OWNER an ADMIN', async () => {
      const org = await freshTeam();
      const res = await app.inject({
        method: 'POST',
        url: membersUrl(org, '/transfer-ownership'),
        headers: owner.headers,
        payload: { new_owner_id: member.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        organization_id: org,
        user_id: member.id,
        role: 'OWNER',
        created_at: expect.any(String),
      });
      expect(await roles(org)).toEqual({ [owner.id]: 'ADMIN', [admin.id]: 'ADMIN', [member.id]: 'OWNER' });

      // The former OWNER is now an ADMIN: it can no longer delete the organization or transfer again.
      expectProblem(
        await app.inject({ method: 'DELETE', url: `/api/v1/organizations/${org}`, headers: owner.headers }),
        403,
      );
      expectProblem(
        await app.inject({
          method: 'POST',
          url: membersUrl(org, '/transfer-ownership'),
          headers: owner.headers,
          payload: { new_owner_id: owner.id },
        }),
        403,
      );
    });

    it('is OWNER-only: ADMIN, SYSTEM_ADMIN, MEMBER and non-members get 403', async () => {
      for (const user of [admin, sysadmin, member, outsider]) {
        expectProblem(
          await app.inject({
            method: 'POST',
            url: membersUrl(team, '/transfer-ownership'),
            headers: user.headers,
            payload: { new_owner_id: admin.id },
          }),
          403,
        );
      }
      expect((await roles(team))[owner.id]).toBe('OWNER');
    });

    it('answers 404 when the new owner is not a member and 400 naming an invalid body', async () => {
      const post = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: membersUrl(team, '/transfer-ownership'),
          headers: owner.headers,
          payload,
        });
      expectProblem(await post({ new_owner_id: outsider.id }), 404);
      expectInvalidField(await post({}), 'body.new_owner_id');
      expectInvalidField(await post({ new_owner_id: 'x' }), 'body.new_owner_id');
      expectInvalidField(await post({ new_owner_id: owner.id }), 'body.new_owner_id');
      expect((await roles(team))[owner.id]).toBe('OWNER');
    });

    it('answers 404 for a member whose user is soft-deleted', async () => {
      const org = await freshTeam();
      const leaving = await signUp(app);
      await addMember(app, owner, org, leaving, 'MEMBER');
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${leaving.id}`,
        headers: { ...owner.headers, 'x-organization-id': org },
      });
      expect(del.statusCode).toBe(204);
      expectProblem(
        await app.inject({
          method: 'POST',
          url: membersUrl(org, '/transfer-ownership'),
          headers: owner.headers,
          payload: { new_owner_id: leaving.id },
        }),
        404,
      );
      expect((await roles(org))[owner.id]).toBe('OWNER');
    });

    it('lets only one of two concurrent transfers win; the organization keeps exactly one OWNER', async () => {
      const org = await freshTeam();
      const transfer = (to: TestUser) =>
        app.inject({
          method: 'POST',
          url: membersUrl(org, '/transfer-ownership'),
          headers: owner.headers,
          payload: { new_owner_id: to.id },
        });
      const results = await Promise.all([transfer(admin), transfer(member)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const after = await roles(org);
      expect(Object.values(after).filter((r) => r === 'OWNER')).toHaveLength(1);
      expect(after[owner.id]).toBe('ADMIN');
    });
  });

  it('enforces exactly one OWNER per organization in the database (partial unique index)', async () => {
    const insertSecondOwner = app.ctx.db
      .insert(memberships)
      .values({ organizationId: team, userId: outsider.id, role: 'OWNER' });
    const err = await insertSecondOwner.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    expect(pgCode(err)).toBe('23505');
    expect(String((err as { cause?: unknown }).cause ?? err)).toContain('memberships_one_owner_key');
    expect((await roles(team))[outsider.id]).toBeUndefined();
  });
});
