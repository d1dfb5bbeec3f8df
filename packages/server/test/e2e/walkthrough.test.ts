/**
 * End to end over real HTTP against the real `service-server` process on the embedded default
 * (PGlite under a fresh SERVICE_DATA_DIR, no SERVICE_DATABASE_URL, no SERVICE_PUBLIC_URL):
 * bootstrap an admin with the CLI → create a team → invite by email → read the .eml the server
 * wrote → open the public invitation → the invitee accepts with a token from `auth token` →
 * role change → ownership transfer → an API key is created, revoked, and then rejected with 401.
 *
 * Two properties of the embedded default shape the set-up:
 * - The one-shot commands (`admin bootstrap`, `auth token`) run BEFORE `serve` starts, each opening
 *   the embedded database itself (test/operator/beside-server.test.ts runs them beside a running
 *   server); the token's user is provisioned on its first request (api-decisions §1).
 * - Without SERVICE_PUBLIC_URL the public URL, and with it the local issuer's `iss`, is
 *   `http://<host>:<port>` of the settings. A token minted by `auth token` (default port 8080) is
 *   only accepted by a server whose settings name the same port, so this test picks a free port
 *   up front and gives every process SERVICE_PORT=<it> (`serve --port 0` would reject the token;
 *   see the report of this test's author / docs/decisions.md).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, ensureBuilt, freePort, run, serviceEnv, startServer } from '../support/cli.js';

describe('walkthrough over HTTP against `service-server serve` on embedded PGlite', () => {
  const ownerEmail = 'owner@walkthrough.example';
  const inviteeEmail = 'invitee@walkthrough.example';
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseUrl: string;
  let ownerKey: string;
  let ownerId: string;
  let inviteeToken: string;
  let inviteeId: string;
  let orgId: string;
  let invitationId: string;
  let invitationToken: string;

  /** Runs a one-shot CLI command. */
  async function serviceServer(...args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [cli, ...args], { env, cwd: dataDir, timeout: 120_000 });
    return stdout;
  }

  async function api(
    method: string,
    url: string,
    opts: { auth?: string; org?: string; body?: unknown } = {},
  ): Promise<{
    status: number;
    contentType: string;
    json: Record<string, unknown> & { [k: string]: unknown };
  }> {
    const headers: Record<string, string> = {};
    if (opts.auth) headers.authorization = `Bearer ${opts.auth}`;
    if (opts.org) headers['x-organization-id'] = opts.org;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    if (text) {
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { raw: text };
      }
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', json };
  }

  beforeAll(async () => {
    await ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-e2e-'));
    const port = await freePort();
    env = serviceEnv({ SERVICE_DATA_DIR: dataDir, SERVICE_PORT: String(port), SERVICE_LOG_LEVEL: 'warn' });

    // 1. One-shot commands first: each opens (and migrates) the embedded database, then closes it.
    const boot = JSON.parse(await serviceServer('admin', 'bootstrap', '--email', ownerEmail, '--json')) as {
      user_id: string;
      email: string;
      api_key: string;
    };
    expect(boot.email).toBe(ownerEmail);
    expect(boot.api_key).toMatch(/^dis_/);
    ownerKey = boot.api_key;
    ownerId = boot.user_id;
    inviteeToken = (
      await serviceServer('auth', 'token', '--email', inviteeEmail, '--name', 'Ivy Invitee')
    ).trim();
    expect(inviteeToken.split('.')).toHaveLength(3);

    // 2. The server, in its own process group so everything it starts goes down with it.
    server = await startServer(['--port', String(port)], { env, cwd: dataDir, timeoutMs: 60_000 });
    baseUrl = server.url;
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves health, the OpenAPI document, and the bootstrapped SYSTEM_ADMIN', async () => {
    const health = await api('GET', '/health');
    expect(health).toMatchObject({ status: 200, json: { status: 'ok', database: 'pglite' } });
    const openapi = await api('GET', '/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.json.openapi).toBe('3.1.0');
    const me = await api('GET', '/api/v1/users/me', { auth: ownerKey });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: ownerId, email: ownerEmail, is_system_admin: true });
  });

  it('creates a team organization owned by the caller', async () => {
    const res = await api('POST', '/api/v1/organizations', {
      auth: ownerKey,
      body: { name: 'Walkthrough Team' },
    });
    expect([200, 201]).toContain(res.status);
    expect(res.json).toMatchObject({ name: 'Walkthrough Team', kind: 'TEAM', slug: 'walkthrough-team' });
    orgId = String(res.json.id);
  });

  it('invites a user by email and writes the invitation email to <dataDir>/mail', async () => {
    const res = await api('POST', '/api/v1/invitations', {
      auth: ownerKey,
      org: orgId,
      body: { email: inviteeEmail, role: 'MEMBER', organization_id: orgId },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      email: inviteeEmail,
      organization_id: orgId,
      role: 'MEMBER',
      status: 'PENDING',
    });
    expect(JSON.stringify(res.json)).not.toMatch(/token/i);
    invitationId = String(res.json.id);

    const mailDir = path.join(dataDir, 'mail');
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(path.join(mailDir, files[0] ?? '')));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain(inviteeEmail);
    expect(mail.subject).toContain('Walkthrough Team');
    const link = /(https?:\/\/\S+?)\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link, `no invitation link in:\n${mail.text}`).not.toBeNull();
    // The link points at this server (public URL derived from host and port).
    expect(link?.[1]).toBe(baseUrl);
    invitationToken = link?.[2] ?? '';
    expect(mail.html || '').toContain(`/invitations/${invitationToken}`);
  });

  it('shows the invitation to anyone holding the token, without authentication', async () => {
    const res = await api('GET', `/api/v1/invitations/${invitationToken}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: invitationId,
      email: inviteeEmail,
      status: 'PENDING',
      organization: { id: orgId, name: 'Walkthrough Team' },
    });
    expect((await api('GET', '/api/v1/invitations/not-a-real-token')).status).toBe(404);
  });

  it('lets the invitee (a token from `auth token`) see and accept the invitation', async () => {
    const me = await api('GET', '/api/v1/users/me', { auth: inviteeToken });
    expect(me.status, JSON.stringify(me.json)).toBe(200);
    expect(me.json).toMatchObject({ email: inviteeEmail, name: 'Ivy Invitee', is_system_admin: false });
    inviteeId = String(me.json.id);

    const mine = await api('GET', '/api/v1/invitations/me', { auth: inviteeToken });
    expect(mine.status).toBe(200);
    expect((mine.json as unknown as { id: string }[]).map((i) => i.id)).toContain(invitationId);

    // Only the addressee may accept; to anyone else the invitation does not exist.
    expect((await api('POST', `/api/v1/invitations/${invitationId}/accept`, { auth: ownerKey })).status).toBe(
      404,
    );
    const accepted = await api('POST', `/api/v1/invitations/${invitationId}/accept`, { auth: inviteeToken });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      invitation: { id: invitationId, status: 'ACCEPTED' },
      membership: { organization_id: orgId, user_id: inviteeId, role: 'MEMBER' },
    });
    const again = await api('POST', `/api/v1/invitations/${invitationId}/accept`, { auth: inviteeToken });
    expect(again.status).toBe(409);
    expect(again.contentType).toContain('application/problem+json');
  });

  it('changes the member’s role', async () => {
    const res = await api('PUT', `/api/v1/organizations/${orgId}/members/${inviteeId}/role`, {
      auth: ownerKey,
      body: { role: 'ADMIN' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ organization_id: orgId, user_id: inviteeId, role: 'ADMIN' });
    // The invitee, now ADMIN, may list the members.
    const members = await api('GET', `/api/v1/organizations/${orgId}/members?page=0&size=20`, {
      auth: inviteeToken,
    });
    expect(members.status).toBe(200);
  });

  it('transfers ownership to the invitee; the previous owner becomes ADMIN', async () => {
    const res = await api('POST', `/api/v1/organizations/${orgId}/members/transfer-ownership`, {
      auth: ownerKey,
      body: { new_owner_id: inviteeId },
    });
    expect(res.status).toBe(200);
    const members = await api('GET', `/api/v1/organizations/${orgId}/members?page=0&size=20`, {
      auth: inviteeToken,
    });
    expect(members.status).toBe(200);
    const rows = members.json.content as { user_id?: string; id?: string; role: string }[];
    const roleOf = (id: string) => rows.find((m) => (m.user_id ?? m.id) === id)?.role;
    expect(roleOf(inviteeId)).toBe('OWNER');
    expect(roleOf(ownerId)).toBe('ADMIN');
    // Ownership moves only by transfer: the new ADMIN cannot take it back by a role change.
    const back = await api('PUT', `/api/v1/organizations/${orgId}/members/${ownerId}/role`, {
      auth: ownerKey,
      body: { role: 'OWNER' },
    });
    expect(back.status).toBe(400);
  });

  it('creates an API key, revokes it, and then rejects it with 401', async () => {
    const created = await api('POST', '/api/v1/api-keys', {
      auth: inviteeToken,
      body: { name: 'walkthrough' },
    });
    expect(created.status).toBe(201);
    const key = String(created.json.key);
    expect(key).toMatch(/^dis_/);
    const me = await api('GET', '/api/v1/users/me', { auth: key });
    expect(me).toMatchObject({ status: 200, json: { id: inviteeId } });

    const revoked = await api('DELETE', `/api/v1/api-keys/${String(created.json.id)}`, {
      auth: inviteeToken,
    });
    expect(revoked.status).toBe(204);
    const denied = await api('GET', '/api/v1/users/me', { auth: key });
    expect(denied.status).toBe(401);
    expect(denied.contentType).toContain('application/problem+json');
    expect(denied.json).toMatchObject({ status: 401, detail: 'Authentication required' });
    const listed = await api('GET', `/api/v1/api-keys/${String(created.json.id)}`, { auth: inviteeToken });
    expect(listed.json).toMatchObject({ status: 'REVOKED' });
  });
});
