import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redact } from '../../src/audit/redact.js';
import { suggestLabel } from '../../src/ontology/service.js';
import { expectInvalidField } from '../auth/assertions.js';
import { upload } from '../documents/helpers.js';
import { TEST_SOURCE } from '../sources/support.js';
import {
  addMember,
  createTeam,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
} from '../support/app.js';
import { createWebhookApp } from '../webhooks/helpers.js';

interface Entry {
  id: string;
  organization_id: string | null;
  actor: { type: string; user_id: string | null; email: string | null; api_key_id: string | null };
  action: string;
  resource_type: string;
  resource_id: string | null;
  changes: Record<string, unknown>;
  ip_address: string | null;
  user_agent: string | null;
  in_transaction: boolean;
  created_at: string;
}

describe('audit log', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let team: string;
  let h: Record<string, string>;
  /** Every secret the tests create; none may appear in any entry. */
  const secrets: string[] = [];

  const auditLog = async (headers: Record<string, string>, query: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/audit-log', headers, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { content: Entry[]; page: { total_elements: number } };
  };
  const latest = async (action: string) => {
    const page = await auditLog(h, { action });
    expect(page.content.length, `no ${action} entry`).toBeGreaterThan(0);
    return page.content[0] as Entry;
  };

  beforeAll(async () => {
    ({ app } = await createWebhookApp({ SERVICE_WORKERS: '0', SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' }));
    owner = await signUp(app);
    admin = await signUp(app);
    member = await signUp(app);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    h = { ...inOrg(owner, team), 'user-agent': 'audit-test/1.0' };
    secrets.push(owner.token, admin.token);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('records API key creation and revocation by the user, from the caller’s address, without the key', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: h,
      payload: { name: 'ci', organization_id: team },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, key } = created.json() as { id: string; key: string };
    secrets.push(key);
    const entry = await latest('api_key.create');
    expect(entry).toMatchObject({
      organization_id: team,
      actor: { type: 'USER', user_id: owner.id, email: owner.email },
      resource_type: 'api_key',
      resource_id: id,
      changes: { name: 'ci', organization_id: team },
      ip_address: '127.0.0.1',
      user_agent: 'audit-test/1.0',
      in_transaction: true,
    });

    // The new key revokes itself: the actor is then the API key.
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(await latest('api_key.revoke')).toMatchObject({
      actor: { type: 'API_KEY', user_id: owner.id, api_key_id: id },
      resource_id: id,
      changes: { status: { from: 'ACTIVE', to: 'REVOKED' } },
    });
  });

  it('records a role change with the old and new role', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/members/${member.id}/role`,
      headers: h,
      payload: { role: 'ADMIN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('member.role_change')).toMatchObject({
      resource_type: 'member',
      resource_id: member.id,
      changes: { role: { from: 'MEMBER', to: 'ADMIN' } },
    });
  });

  it('records plugin submission and source connection, with the source credentials removed', async () => {
    const plugin = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: h,
      payload: { name: 'numbered', code: TEST_SOURCE },
    });
    expect(plugin.statusCode, plugin.body).toBe(201);
    const pluginId = (plugin.json() as { id: string }).id;
    expect(await latest('plugin.create')).toMatchObject({
      resource_id: pluginId,
      changes: { name: 'numbered', type: 'SOURCE', version: 1 },
    });

    const credential = `s3cr3t-${Date.now()}`;
    secrets.push(credential);
    const source = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/custom',
      headers: h,
      payload: { name: 'files', source_type: 'numbered_files', credentials: { api_key: credential } },
    });
    expect(source.statusCode, source.body).toBe(201);
    const entry = await latest('source.connect');
    expect(entry).toMatchObject({
      resource_type: 'source',
      resource_id: (source.json() as { id: string }).id,
      changes: { kind: 'CUSTOM', provider: 'numbered_files', credentials: REDACTED },
    });
  }, 60_000);

  it('records a settings change field by field', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/settings`,
      headers: h,
      payload: { renewal_alert_days: [60, 14], timezone: 'Europe/Berlin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('organization.settings_update')).toMatchObject({
      resource_id: team,
      changes: {
        renewalAlertDays: { from: [90, 30, 7], to: [60, 14] },
        timezone: { from: 'UTC', to: 'Europe/Berlin' },
      },
    });
  });

  it('records the acceptance of a label suggestion', async () => {
    const doc = await upload(app, h, 'Lease of the premises at 1 Main Street', 'lease.txt');
    const suggestion = await suggestLabel(app.ctx.db, {
      organizationId: team,
      documentId: (doc.json() as { id: string }).id,
      parentPath: [],
      label: 'Lease',
      reason: 'LLM_SUGGESTED',
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/label-suggestions/${suggestion.id}/accept`,
      headers: h,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('label_suggestion.accept')).toMatchObject({
      resource_id: suggestion.id,
      changes: { status: { from: 'PENDING', to: 'ACCEPTED' }, label: 'Lease', ontology_version: 1 },
    });
  });

  it('records calls no service audits itself through the HTTP layer, outside the transaction', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: h,
      payload: { url: 'http://127.0.0.1:9/hook', event_types: ['document.received'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    secrets.push((res.json() as { secret: string }).secret);
    expect(await latest('webhook.create')).toMatchObject({ in_transaction: true });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}`,
      headers: h,
      payload: { name: 'Renamed team' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The HTTP layer writes after the response: give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    const entry = await latest('PUT /api/v1/organizations/:id');
    expect(entry).toMatchObject({
      in_transaction: false,
      resource_id: team,
      changes: { name: 'Renamed team' },
    });
  });

  it('never stores a secret: keys, tokens, credentials and webhook secrets are absent from every entry', async () => {
    const all = await auditLog(h, { size: '100' });
    expect(all.page.total_elements).toBeGreaterThanOrEqual(8);
    const text = JSON.stringify(all.content);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/dis_[0-9A-Za-z]{20}|whsec_|eyJ/);
  });

  it('is for OWNER and ADMIN of the organization; platform entries for SYSTEM_ADMIN only', async () => {
    expect((await auditLog(inOrg(admin, team))).page.total_elements).toBeGreaterThan(0);
    const outsider = await signUp(app);
    const other = await createTeam(app, outsider);
    const theirs = await auditLog(inOrg(outsider, other));
    expect(theirs.content.every((e) => e.organization_id === other)).toBe(true);
    expect(theirs.content.map((e) => e.id)).not.toContain((await latest('api_key.create')).id);
    const stranger = await signUp(app);
    await addMember(app, owner, team, stranger, 'MEMBER');
    const forbidden = await app.inject({
      method: 'GET',
      url: '/api/v1/audit-log',
      headers: inOrg(stranger, team),
    });
    expect(forbidden.statusCode).toBe(403);
    const platform = await app.inject({ method: 'GET', url: '/api/v1/audit-log?platform=true', headers: h });
    expect(platform.statusCode).toBe(403);
    // A user's own API key for no organization is a platform entry.
    const key = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: outsider.headers,
      payload: { name: 'cli' },
    });
    secrets.push((key.json() as { key: string }).key);
    const sys = await systemAdmin(app);
    const entries = await auditLog(sys.headers, { platform: 'true' });
    expect(
      entries.content.some((e) => e.action === 'api_key.create' && e.actor.user_id === outsider.id),
    ).toBe(true);
    expect(entries.content.every((e) => e.organization_id === null)).toBe(true);
  });

  it('filters by actor, resource and time range', async () => {
    const byAdmin = await auditLog(h, { actor_user_id: admin.id });
    expect(byAdmin.content).toEqual([]);
    const plugins = await auditLog(h, { resource_type: 'plugin' });
    expect(plugins.content.map((e) => e.action)).toEqual(['plugin.create']);
    const future = await auditLog(h, { from: '2999-01-01T00:00:00Z' });
    expect(future.page.total_elements).toBe(0);
    const past = await auditLog(h, { to: '2000-01-01T00:00:00Z' });
    expect(past.page.total_elements).toBe(0);
    // A window that ends before it starts is a mistake in the query, not an empty answer.
    const reversed = await app.inject({
      method: 'GET',
      url: '/api/v1/audit-log',
      headers: h,
      query: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expectInvalidField(reversed, 'query.from');
  });
});

describe('redact', () => {
  it('removes secret-named fields and credential-shaped values at any depth, keeps references', () => {
    expect(
      redact({
        password: 'hunter2',
        nested: { client_secret: 'abc', note: 'Bearer abcdefghijklmnopqrstuvwxyz' },
        list: ['dis_abcdefghijklmnopqrstuvwxyz0123456789AB'],
        api_key_id: '3f1c…',
        token_expires_at: '2030-01-01',
      }),
    ).toEqual({
      password: REDACTED,
      nested: { client_secret: REDACTED, note: REDACTED },
      list: [REDACTED],
      api_key_id: '3f1c…',
      token_expires_at: '2030-01-01',
    });
  });
});
