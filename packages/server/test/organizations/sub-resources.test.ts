import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectProblem } from '../auth/assertions.js';
import {
  addMember,
  createTeam,
  createTestApp,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
} from '../support/app.js';

interface Identity {
  id: string;
  organization_id: string;
  kind: string;
  value: string;
  primary: boolean;
  created_at: string;
}

describe('Organization sub-resources (spec 4.7)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let sysadminHeaders: Record<string, string>;
  let team: string;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    admin = await signUp(app);
    member = await signUp(app);
    outsider = await signUp(app);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    sysadminHeaders = (await systemAdmin(app)).headers;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('identities', () => {
    const url = (suffix = '') => `/api/v1/organizations/${team}/identities${suffix}`;

    async function create(user: TestUser, payload: Record<string, unknown>) {
      return app.inject({ method: 'POST', url: url(), headers: user.headers, payload });
    }
    async function list(user: TestUser): Promise<Identity[]> {
      const res = await app.inject({ method: 'GET', url: url(), headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }

    it('adds identities; the first is primary, domains are normalised, members can read them', async () => {
      const legal = await create(owner, { kind: 'LEGAL_NAME', value: '  Acme GmbH ' });
      expect(legal.statusCode, legal.body).toBe(200);
      expect(legal.json()).toEqual({
        id: expect.any(String),
        organization_id: team,
        kind: 'LEGAL_NAME',
        value: 'Acme GmbH',
        primary: true,
        created_at: expect.any(String),
      });
      const domain = await create(admin, { kind: 'EMAIL_DOMAIN', value: '@ACME.example' });
      expect(domain.json()).toMatchObject({ kind: 'EMAIL_DOMAIN', value: 'acme.example', primary: false });

      const seen = await list(member);
      expect(seen.map((i) => [i.kind, i.value, i.primary])).toEqual([
        ['LEGAL_NAME', 'Acme GmbH', true],
        ['EMAIL_DOMAIN', 'acme.example', false],
      ]);
    });

    it('answers 409 for an identity the organization already has', async () => {
      expect((await create(owner, { kind: 'TAX_ID', value: 'DE123456789' })).statusCode).toBe(200);
      expectProblem(await create(owner, { kind: 'TAX_ID', value: ' DE123456789 ' }), 409);
    });

    it('updates an identity and marks another one primary (only one primary at a time)', async () => {
      const domain: Identity = (await create(owner, { kind: 'DOMAIN', value: 'acme.test' })).json();
      const updated = await app.inject({
        method: 'PUT',
        url: url(`/${domain.id}`),
        headers: admin.headers,
        payload: { value: 'WWW.Acme.test' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        id: domain.id,
        kind: 'DOMAIN',
        value: 'www.acme.test',
        primary: false,
      });

      const primary = await app.inject({
        method: 'POST',
        url: url(`/${domain.id}/primary`),
        headers: owner.headers,
      });
      expect(primary.statusCode, primary.body).toBe(200);
      expect(primary.json()).toMatchObject({ id: domain.id, primary: true });
      const all = await list(owner);
      expect(all.filter((i) => i.primary).map((i) => i.id)).toEqual([domain.id]);
      expect(all[0]?.id).toBe(domain.id);

      const created: Identity = (
        await create(owner, { kind: 'LEGAL_NAME', value: 'Acme Holding', primary: true })
      ).json();
      expect(created.primary).toBe(true);
      expect((await list(owner)).filter((i) => i.primary).map((i) => i.id)).toEqual([created.id]);
    });

    it('deletes an identity and answers with it; a second delete is 404', async () => {
      const tax: Identity = (await create(owner, { kind: 'TAX_ID', value: 'FR-999' })).json();
      const del = await app.inject({ method: 'DELETE', url: url(`/${tax.id}`), headers: admin.headers });
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json()).toEqual(tax);
      expect((await list(owner)).map((i) => i.id)).not.toContain(tax.id);
      expectProblem(
        await app.inject({ method: 'DELETE', url: url(`/${tax.id}`), headers: admin.headers }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: url(`/${tax.id}`),
          headers: admin.headers,
          payload: { value: 'x' },
        }),
        404,
      );
      expectProblem(
        await app.inject({ method: 'POST', url: url(`/${tax.id}/primary`), headers: admin.headers }),
        404,
      );
    });

    it('lets only OWNER or ADMIN change identities (403 for a MEMBER and a non-member)', async () => {
      const id = (await list(owner))[0]?.id;
      for (const user of [member, outsider]) {
        expectProblem(await create(user, { kind: 'DOMAIN', value: 'evil.example' }), 403);
        expectProblem(
          await app.inject({
            method: 'PUT',
            url: url(`/${id}`),
            headers: user.headers,
            payload: { value: 'x' },
          }),
          403,
        );
        expectProblem(await app.inject({ method: 'DELETE', url: url(`/${id}`), headers: user.headers }), 403);
        expectProblem(
          await app.inject({ method: 'POST', url: url(`/${id}/primary`), headers: user.headers }),
          403,
        );
      }
      expectProblem(await app.inject({ method: 'GET', url: url(), headers: outsider.headers }), 403);
    });

    it('validates the body and names the field (400)', async () => {
      expectInvalidField(await create(owner, { kind: 'PHONE', value: '1' }), 'body.kind');
      expectInvalidField(await create(owner, { kind: 'DOMAIN' }), 'body.value');
      expectInvalidField(await create(owner, { kind: 'DOMAIN', value: '   ' }), 'body.value');
      expectInvalidField(
        await create(owner, { kind: 'DOMAIN', value: 'a.example', primary: 'yes' }),
        'body.primary',
      );
    });
  });

  describe('quotas and settings (§8)', () => {
    const unlimited = {
      max_documents_per_month: null,
      max_storage_bytes: null,
      max_sources: null,
      max_plugins: null,
      max_members: null,
      api_requests_per_minute: null,
    };

    it('shows unlimited quotas by default to an OWNER or ADMIN', async () => {
      for (const user of [owner, admin]) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/organizations/${team}/quotas`,
          headers: user.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        // GET also shows current use beside the limits (docs/operations.md "Quotas").
        expect(res.json()).toEqual({
          ...unlimited,
          usage: expect.objectContaining({ members: expect.any(Number) }),
        });
      }
    });

    it('lets a SYSTEM_ADMIN replace the quotas; omitted fields become unlimited', async () => {
      const put = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/organizations/${team}/quotas`,
          headers: sysadminHeaders,
          payload,
        });
      const res = await put({ max_sources: 5, max_storage_bytes: 10_000_000_000, max_members: 25 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...unlimited,
        max_sources: 5,
        max_storage_bytes: 10_000_000_000,
        max_members: 25,
      });
      expect((await put({ max_plugins: 2 })).json()).toEqual({ ...unlimited, max_plugins: 2 });
      const read = await app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${team}/quotas`,
        headers: admin.headers,
      });
      expect(read.json()).toEqual({ ...unlimited, max_plugins: 2, usage: expect.any(Object) });
      expectInvalidField(await put({ max_sources: -1 }), 'body.max_sources');
      expectInvalidField(await put({ api_requests_per_minute: 1.5 }), 'body.api_requests_per_minute');
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: '/api/v1/organizations/0190a000-0000-7000-8000-000000000000/quotas',
          headers: sysadminHeaders,
          payload: {},
        }),
        404,
      );
    });

    it('answers 403: quotas PUT to non-SYSTEM_ADMINs (even the OWNER), quotas GET to a MEMBER and a non-member', async () => {
      for (const user of [owner, admin, member]) {
        expectProblem(
          await app.inject({
            method: 'PUT',
            url: `/api/v1/organizations/${team}/quotas`,
            headers: user.headers,
            payload: { max_sources: 1000 },
          }),
          403,
        );
      }
      for (const user of [member, outsider]) {
        expectProblem(
          await app.inject({
            method: 'GET',
            url: `/api/v1/organizations/${team}/quotas`,
            headers: user.headers,
          }),
          403,
        );
      }
    });

    it('shows default settings and updates only the fields given', async () => {
      const url = `/api/v1/organizations/${team}/settings`;
      const read = await app.inject({ method: 'GET', url, headers: admin.headers });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({
        classification_plugin_id: null,
        extraction_plugin_id: null,
        classification_plugin: null,
        extraction_plugin: null,
        renewal_alert_days: [90, 30, 7],
        timezone: 'UTC',
        email_forwarding_enabled: false,
        email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC',
      });
      const res = await app.inject({
        method: 'PUT',
        url,
        headers: admin.headers,
        payload: { timezone: 'Europe/Berlin', renewal_alert_days: [7, 60, 7, 14] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        classification_plugin_id: null,
        extraction_plugin_id: null,
        classification_plugin: null,
        extraction_plugin: null,
        renewal_alert_days: [60, 14, 7],
        timezone: 'Europe/Berlin',
        email_forwarding_enabled: false,
        email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC',
      });
      const again = await app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { email_forwarding_enabled: true },
      });
      expect(again.json()).toMatchObject({ timezone: 'Europe/Berlin', email_forwarding_enabled: true });
    });

    it('validates settings and names the field (400); MEMBER and non-member get 403', async () => {
      const url = `/api/v1/organizations/${team}/settings`;
      const put = (user: TestUser, payload: Record<string, unknown>) =>
        app.inject({ method: 'PUT', url, headers: user.headers, payload });
      expectInvalidField(await put(owner, { timezone: 'Mars/Olympus' }), 'body.timezone');
      expectInvalidField(await put(owner, { renewal_alert_days: [0] }), 'body.renewal_alert_days.0');
      expectInvalidField(await put(owner, { extraction_plugin_id: 'plugin' }), 'body.extraction_plugin_id');
      expectInvalidField(
        await put(owner, { email_forwarding_sender_policy: 'NONE' }),
        'body.email_forwarding_sender_policy',
      );
      for (const user of [member, outsider]) {
        expectProblem(await put(user, { timezone: 'UTC' }), 403);
        expectProblem(await app.inject({ method: 'GET', url, headers: user.headers }), 403);
      }
    });

    it('lets every member read the settings at settings/summary; a non-member gets 403', async () => {
      const url = `/api/v1/organizations/${team}/settings`;
      const asAdmin = await app.inject({ method: 'GET', url, headers: admin.headers });
      for (const headers of [member.headers, sysadminHeaders]) {
        const res = await app.inject({ method: 'GET', url: `${url}/summary`, headers });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(asAdmin.json());
      }
      expectProblem(
        await app.inject({ method: 'GET', url: `${url}/summary`, headers: outsider.headers }),
        403,
      );
      expectProblem(
        await app.inject({
          method: 'GET',
          url: '/api/v1/organizations/0190f2c4-0000-7000-8000-000000000000/settings/summary',
          headers: member.headers,
        }),
        404,
      );
    });
  });
});
