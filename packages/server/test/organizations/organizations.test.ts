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

interface Organization {
  id: string;
  name: string;
  slug: string;
  kind: 'PERSONAL' | 'TEAM';
  parent_id: string | null;
  created_at: string;
  deleted_at: string | null;
}

const UNKNOWN = '0190a000-0000-7000-8000-000000000000';

/** A name (and so a derived slug) unique to this run. */
function uniqueName(tag: string): string {
  return `${tag} ${uniqueEmail('o').split('@')[0]}`;
}

describe('Organizations (spec 4.7)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let sysadmin: TestUser;
  let team: string;

  async function getOrg(id: string, user: TestUser) {
    return app.inject({ method: 'GET', url: `/api/v1/organizations/${id}`, headers: user.headers });
  }

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    admin = await signUp(app);
    member = await signUp(app);
    outsider = await signUp(app);
    sysadmin = await systemAdmin(app);
    team = await createTeam(app, owner, uniqueName('Team'));
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['GET', '/api/v1/organizations'],
    ['POST', '/api/v1/organizations'],
    ['GET', '/api/v1/organizations/me'],
    ['PUT', '/api/v1/organizations/me'],
    ['GET', '/api/v1/organizations/slug/some-slug'],
    ['GET', `/api/v1/organizations/${UNKNOWN}`],
    ['PUT', `/api/v1/organizations/${UNKNOWN}`],
    ['DELETE', `/api/v1/organizations/${UNKNOWN}`],
    ['POST', `/api/v1/organizations/${UNKNOWN}/restore`],
    ['GET', `/api/v1/organizations/${UNKNOWN}/ancestors`],
    ['GET', `/api/v1/organizations/${UNKNOWN}/children`],
    ['GET', `/api/v1/organizations/${UNKNOWN}/tree`],
    ['GET', `/api/v1/organizations/${UNKNOWN}/identities`],
    ['POST', `/api/v1/organizations/${UNKNOWN}/identities`],
    ['PUT', `/api/v1/organizations/${UNKNOWN}/identities/${UNKNOWN}`],
    ['DELETE', `/api/v1/organizations/${UNKNOWN}/identities/${UNKNOWN}`],
    ['POST', `/api/v1/organizations/${UNKNOWN}/identities/${UNKNOWN}/primary`],
    ['GET', `/api/v1/organizations/${UNKNOWN}/quotas`],
    ['PUT', `/api/v1/organizations/${UNKNOWN}/quotas`],
    ['GET', `/api/v1/organizations/${UNKNOWN}/settings`],
    ['PUT', `/api/v1/organizations/${UNKNOWN}/settings`],
  ] as const)('%s %s answers 401 without credentials', async (method, url) => {
    expectUnauthorized(
      await app.inject({ method, url, payload: method === 'PUT' || method === 'POST' ? {} : undefined }),
    );
  });

  describe('POST /organizations', () => {
    it('creates a TEAM organization with a slug derived from the name; the caller becomes its OWNER', async () => {
      const name = uniqueName('Ácme Corp');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        headers: member.headers,
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(200);
      const org: Organization = res.json();
      expect(org).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name,
        slug: name
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-'),
        kind: 'TEAM',
        parent_id: null,
        created_at: expect.any(String),
        deleted_at: null,
      });
      const me = (
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers })
      ).json();
      expect(me.roles).toContainEqual({ organization_id: org.id, role: 'OWNER' });
    });

    it('takes an explicit slug and answers 409 when it is taken', async () => {
      const slug = `explicit-${Date.now().toString(36)}`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        headers: owner.headers,
        payload: { name: 'Explicit', slug },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().slug).toBe(slug);
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: admin.headers,
          payload: { name: 'Other', slug },
        }),
        409,
      );
    });

    it('derives a different slug when the derived one is taken', async () => {
      const name = uniqueName('Same Name');
      const first: Organization = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: owner.headers,
          payload: { name },
        })
      ).json();
      const second: Organization = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: owner.headers,
          payload: { name },
        })
      ).json();
      expect(second.slug).not.toBe(first.slug);
      expect(second.slug.startsWith(first.slug)).toBe(true);
    });

    it('gives concurrent creations distinct slugs: 409 for a requested one, a suffixed one when derived', async () => {
      const create = (payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: '/api/v1/organizations', headers: owner.headers, payload });
      const slug = `race-${Date.now().toString(36)}`;
      const requested = await Promise.all([create({ name: 'Race', slug }), create({ name: 'Race', slug })]);
      expect(requested.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const name = uniqueName('Race Derived');
      const derived = await Promise.all([create({ name }), create({ name }), create({ name })]);
      expect(derived.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(derived.map((r) => r.json().slug)).size).toBe(3);
    });

    it('validates the body and names the field (400)', async () => {
      const post = (payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: '/api/v1/organizations', headers: owner.headers, payload });
      expectInvalidField(await post({}), 'body.name');
      expectInvalidField(await post({ name: '   ' }), 'body.name');
      expectInvalidField(await post({ name: 'Bad slug', slug: 'Not A Slug' }), 'body.slug');
      expectInvalidField(await post({ name: 'Bad parent', parent_id: 'x' }), 'body.parent_id');
      expectInvalidField(await post({ name: 'Unknown parent', parent_id: UNKNOWN }), 'body.parent_id');
    });
  });

  describe('GET /organizations (SYSTEM_ADMIN)', () => {
    it('pages all organizations, sorted as asked', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/organizations?page=0&size=3&sort=name,desc',
        headers: sysadmin.headers,
      });
      const total = res.json().page.total_elements as number;
      expect(total).toBeGreaterThanOrEqual(6);
      const content = expectPage<Organization>(res, {
        number: 0,
        size: 3,
        total_elements: total,
        total_pages: Math.ceil(total / 3),
      });
      expect(content).toHaveLength(3);
      expect(content.map((o) => o.name)).toEqual([...content.map((o) => o.name)].sort().reverse());
      const second = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/organizations?page=1&size=3&sort=name,desc',
          headers: sysadmin.headers,
        })
      ).json();
      expect(second.page.number).toBe(1);
      expect(second.content.map((o: Organization) => o.id)).not.toContain(content[0]?.id);
    });

    it('is forbidden to everyone else (403) and rejects an unknown sort field (400)', async () => {
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/organizations', headers: owner.headers }),
        403,
      );
      expectInvalidField(
        await app.inject({
          method: 'GET',
          url: '/api/v1/organizations?sort=kind,asc',
          headers: sysadmin.headers,
        }),
        'query.sort',
      );
    });
  });

  describe('GET and PUT /organizations/me', () => {
    it('answers the active organization: the personal one by default, else the X-Organization-Id one', async () => {
      const personal = await app.inject({
        method: 'GET',
        url: '/api/v1/organizations/me',
        headers: member.headers,
      });
      expect(personal.statusCode).toBe(200);
      expect(personal.json()).toMatchObject({ id: member.personalOrgId, kind: 'PERSONAL' });
      const chosen = await app.inject({
        method: 'GET',
        url: '/api/v1/organizations/me',
        headers: inOrg(member, team),
      });
      expect(chosen.json()).toMatchObject({ id: team, kind: 'TEAM' });
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/organizations/me', headers: inOrg(outsider, team) }),
        403,
      );
    });

    it('renames the active organization for an OWNER or ADMIN, not for a MEMBER', async () => {
      const org = await createTeam(app, owner);
      await addMember(app, owner, org, admin, 'ADMIN');
      await addMember(app, owner, org, member, 'MEMBER');
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/organizations/me',
        headers: inOrg(admin, org),
        payload: { name: 'Renamed by admin' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: org, name: 'Renamed by admin' });
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: '/api/v1/organizations/me',
          headers: inOrg(member, org),
          payload: { name: 'x' },
        }),
        403,
      );
      expectInvalidField(
        await app.inject({
          method: 'PUT',
          url: '/api/v1/organizations/me',
          headers: inOrg(owner, org),
          payload: {},
        }),
        'body.name',
      );
    });
  });

  describe('GET /organizations/{id} and /organizations/slug/{slug}', () => {
    it('shows the organization to a member and to a SYSTEM_ADMIN', async () => {
      const byMember = await getOrg(team, member);
      expect(byMember.statusCode).toBe(200);
      const org: Organization = byMember.json();
      expect(org.id).toBe(team);
      expect((await getOrg(team, sysadmin)).json()).toEqual(org);
      const bySlug = await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/slug/${org.slug}`,
        headers: member.headers,
      });
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json()).toEqual(org);
      const bySlugAdmin = await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/slug/${org.slug}`,
        headers: sysadmin.headers,
      });
      expect(bySlugAdmin.json()).toEqual(org);
    });

    it('answers 403 to a non-member, 404 for an unknown organization, 400 for a malformed id', async () => {
      expectProblem(await getOrg(team, outsider), 403);
      const slug = (await getOrg(team, owner)).json().slug;
      expectProblem(
        await app.inject({
          method: 'GET',
          url: `/api/v1/organizations/slug/${slug}`,
          headers: outsider.headers,
        }),
        403,
      );
      expectProblem(await getOrg(UNKNOWN, owner), 404);
      expectProblem(
        await app.inject({
          method: 'GET',
          url: '/api/v1/organizations/slug/no-such-slug-anywhere',
          headers: owner.headers,
        }),
        404,
      );
      expectInvalidField(await getOrg('nope', owner), 'params.id');
    });
  });

  describe('PUT /organizations/{id}', () => {
    it('updates name and slug for an OWNER or ADMIN', async () => {
      const org = await createTeam(app, owner);
      await addMember(app, owner, org, admin, 'ADMIN');
      const slug = `renamed-${Date.now().toString(36)}`;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${org}`,
        headers: admin.headers,
        payload: { name: 'Renamed', slug },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: org, name: 'Renamed', slug, kind: 'TEAM' });
      const bySlug = await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/slug/${slug}`,
        headers: owner.headers,
      });
      expect(bySlug.json().id).toBe(org);
    });

    it('answers 403 to a MEMBER and a non-member, 404 for an unknown id, 409 for a taken slug, 400 naming a bad field', async () => {
      const put = (id: string, user: TestUser, payload: Record<string, unknown>) =>
        app.inject({ method: 'PUT', url: `/api/v1/organizations/${id}`, headers: user.headers, payload });
      expectProblem(await put(team, member, { name: 'x' }), 403);
      expectProblem(await put(team, outsider, { name: 'x' }), 403);
      expectProblem(await put(UNKNOWN, owner, { name: 'x' }), 404);
      const other = await createTeam(app, owner);
      const takenSlug = (await getOrg(other, owner)).json().slug;
      expectProblem(await put(team, owner, { slug: takenSlug }), 409);
      expectInvalidField(await put(team, owner, { slug: '-bad-' }), 'body.slug');
      expectInvalidField(await put(team, owner, { name: '' }), 'body.name');
    });
  });

  describe('DELETE /organizations/{id} and POST /organizations/{id}/restore', () => {
    it('lets the OWNER soft-delete; the organization then answers 404 until a SYSTEM_ADMIN restores it', async () => {
      const org = await createTeam(app, owner);
      await addMember(app, owner, org, member, 'MEMBER');
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/organizations/${org}`,
        headers: owner.headers,
      });
      expect(del.statusCode, del.body).toBe(204);
      expect(del.body).toBe('');

      expectProblem(await getOrg(org, owner), 404);
      expectProblem(await getOrg(org, member), 404);
      expectProblem(await getOrg(org, sysadmin), 404);
      expectProblem(
        await app.inject({ method: 'DELETE', url: `/api/v1/organizations/${org}`, headers: owner.headers }),
        404,
      );
      expectProblem(
        await app.inject({ method: 'GET', url: '/api/v1/organizations/me', headers: inOrg(owner, org) }),
        403,
      );
      const roles = (
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers })
      ).json().roles;
      expect(roles.map((r: { organization_id: string }) => r.organization_id)).not.toContain(org);
      const deletedOnly = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/organizations?deleted=only&size=100',
          headers: sysadmin.headers,
        })
      ).json();
      expect(deletedOnly.content.map((o: Organization) => o.id)).toContain(org);

      expectProblem(
        await app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${org}/restore`,
          headers: owner.headers,
        }),
        403,
      );
      const restored = await app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${org}/restore`,
        headers: sysadmin.headers,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({ id: org, deleted_at: null });
      expect((await getOrg(org, member)).statusCode).toBe(200);
    });

    it('answers 404 to restore an organization that is not deleted or does not exist', async () => {
      expectProblem(
        await app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${team}/restore`,
          headers: sysadmin.headers,
        }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${UNKNOWN}/restore`,
          headers: sysadmin.headers,
        }),
        404,
      );
    });

    it('is OWNER-only: ADMIN, MEMBER and non-members get 403', async () => {
      for (const user of [admin, member, outsider]) {
        expectProblem(
          await app.inject({ method: 'DELETE', url: `/api/v1/organizations/${team}`, headers: user.headers }),
          403,
        );
      }
      expect((await getOrg(team, owner)).statusCode).toBe(200);
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/organizations/${UNKNOWN}`,
          headers: owner.headers,
        }),
        404,
      );
    });

    it('keeps a PERSONAL organization (400) and one with live children (409)', async () => {
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/organizations/${owner.personalOrgId}`,
          headers: owner.headers,
        }),
        400,
      );
      const parent = await createTeam(app, owner);
      const child = await app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        headers: owner.headers,
        payload: { name: uniqueName('Child'), parent_id: parent },
      });
      expect(child.statusCode, child.body).toBe(200);
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/organizations/${parent}`,
          headers: owner.headers,
        }),
        409,
      );
    });
  });
});
