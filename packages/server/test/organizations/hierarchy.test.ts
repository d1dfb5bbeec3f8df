import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectProblem } from '../auth/assertions.js';
import { addMember, createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

interface Organization {
  id: string;
  name: string;
  parent_id: string | null;
}
interface TreeNode extends Organization {
  children: TreeNode[];
}

/** Creates an organization named `name` under `parentId` as `user`; returns its id. */
async function createOrg(app: TestApp, user: TestUser, name: string, parentId?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: user.headers,
    payload: { name, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().parent_id).toBe(parentId ?? null);
  return res.json().id;
}

/** Moves organization `id` under `parentId` (null: to the top level) as `user`. */
async function move(app: TestApp, user: TestUser, id: string, parentId: string | null) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/organizations/${id}`,
    headers: user.headers,
    payload: { parent_id: parentId },
  });
}

/** Names of a tree, nested: `{name: [children…]}`. */
function shape(node: TreeNode): unknown {
  return { [node.name]: node.children.map(shape) };
}

describe('Organization hierarchy (spec 4.7: parent, children, ancestors, tree)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  // holding
  // ├── a-europe
  // │   └── a1-france
  // └── b-americas
  let holding: string;
  let europe: string;
  let france: string;
  let americas: string;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    member = await signUp(app);
    outsider = await signUp(app);
    holding = await createOrg(app, owner, 'holding');
    europe = await createOrg(app, owner, 'a-europe', holding);
    americas = await createOrg(app, owner, 'b-americas', holding);
    france = await createOrg(app, owner, 'a1-france', europe);
    for (const org of [holding, europe, france]) await addMember(app, owner, org, member, 'MEMBER');
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the direct children of an organization', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${holding}/children`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: Organization) => [o.id, o.parent_id])).toEqual([
      [europe, holding],
      [americas, holding],
    ]);
    const leaf = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${france}/children`,
      headers: member.headers,
    });
    expect(leaf.json()).toEqual([]);
  });

  it('lists the ancestors nearest first', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${france}/ancestors`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: Organization) => o.id)).toEqual([europe, holding]);
    const root = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${holding}/ancestors`,
      headers: member.headers,
    });
    expect(root.json()).toEqual([]);
  });

  it('returns the full tree rooted at the organization, nested', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${holding}/tree`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const tree: TreeNode = res.json();
    expect(tree).toMatchObject({ id: holding, parent_id: null, kind: 'TEAM' });
    expect(shape(tree)).toEqual({ holding: [{ 'a-europe': [{ 'a1-france': [] }] }, { 'b-americas': [] }] });
    const sub: TreeNode = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${europe}/tree`,
        headers: member.headers,
      })
    ).json();
    expect(shape(sub)).toEqual({ 'a-europe': [{ 'a1-france': [] }] });
  });

  it.each(['children', 'ancestors', 'tree'])(
    'answers 403 to a non-member and 404 for an unknown id (%s)',
    async (view) => {
      expectProblem(
        await app.inject({
          method: 'GET',
          url: `/api/v1/organizations/${holding}/${view}`,
          headers: outsider.headers,
        }),
        403,
      );
      // Membership of the root does not grant membership of a child.
      expectProblem(
        await app.inject({
          method: 'GET',
          url: `/api/v1/organizations/${americas}/${view}`,
          headers: member.headers,
        }),
        403,
      );
      expectProblem(
        await app.inject({
          method: 'GET',
          url: `/api/v1/organizations/0190a000-0000-7000-8000-000000000000/${view}`,
          headers: owner.headers,
        }),
        404,
      );
    },
  );

  it('rejects a move under the organization itself or one of its descendants (400 naming body.parent_id)', async () => {
    expectInvalidField(await move(app, owner, holding, france), 'body.parent_id');
    expectInvalidField(await move(app, owner, europe, france), 'body.parent_id');
    expectInvalidField(await move(app, owner, europe, europe), 'body.parent_id');
    const ancestors = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${france}/ancestors`,
      headers: owner.headers,
    });
    expect(ancestors.json().map((o: Organization) => o.id)).toEqual([europe, holding]);
  });

  it('moves an organization with its subtree, and to the top level', async () => {
    const moved = await move(app, owner, france, americas);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().parent_id).toBe(americas);
    const tree: TreeNode = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${holding}/tree`,
        headers: owner.headers,
      })
    ).json();
    expect(shape(tree)).toEqual({ holding: [{ 'a-europe': [] }, { 'b-americas': [{ 'a1-france': [] }] }] });

    const root = await move(app, owner, france, null);
    expect(root.json().parent_id).toBeNull();
    const ancestors = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${france}/ancestors`,
      headers: owner.headers,
    });
    expect(ancestors.json()).toEqual([]);
    expect((await move(app, owner, france, europe)).statusCode).toBe(200);
  });

  it('requires OWNER or ADMIN of the new parent (403) and keeps PERSONAL organizations out (400)', async () => {
    const stranger = await createOrg(app, outsider, 'stranger');
    expectProblem(await move(app, owner, europe, stranger), 403);
    const create = await app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: member.headers,
      payload: { name: 'member child', parent_id: holding },
    });
    expectProblem(create, 403);
    expectInvalidField(await move(app, owner, owner.personalOrgId, holding), 'body.parent_id');
  });

  it('hides soft-deleted organizations from children and tree', async () => {
    const leaf = await createOrg(app, owner, 'c-deleted', holding);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/organizations/${leaf}`, headers: owner.headers }))
        .statusCode,
    ).toBe(204);
    const children = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${holding}/children`,
      headers: owner.headers,
    });
    expect(children.json().map((o: Organization) => o.id)).not.toContain(leaf);
    const tree = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${holding}/tree`,
      headers: owner.headers,
    });
    expect(JSON.stringify(tree.json())).not.toContain(leaf);
  });
});

describe('Organization hierarchy depth limit (SERVICE_MAX_ORGANIZATION_DEPTH)', () => {
  let app: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_MAX_ORGANIZATION_DEPTH: '3' }));
    owner = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('allows 3 levels and rejects a 4th on create and on move (400 naming body.parent_id)', async () => {
    const level1 = await createOrg(app, owner, 'level 1');
    const level2 = await createOrg(app, owner, 'level 2', level1);
    const level3 = await createOrg(app, owner, 'level 3', level2);
    const tooDeep = await app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: owner.headers,
      payload: { name: 'level 4', parent_id: level3 },
    });
    expectInvalidField(tooDeep, 'body.parent_id');
    expect(tooDeep.json().detail).toMatch(/3 levels/);

    // A two-level subtree fits under a root (1 + 2 = 3) but not under level 2 (2 + 2 = 4).
    const top = await createOrg(app, owner, 'subtree top');
    await createOrg(app, owner, 'subtree leaf', top);
    expect((await move(app, owner, top, level1)).statusCode).toBe(200);
    expectInvalidField(await move(app, owner, top, level2), 'body.parent_id');
  });
});
