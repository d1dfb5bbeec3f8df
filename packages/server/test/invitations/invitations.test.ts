import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../src/db/schema.js';
import { expectInvalidField, expectPage, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import {
  addMember,
  createTeam,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from '../support/app.js';

interface Invitation {
  id: string;
  email: string;
  organization_id: string;
  role: 'ADMIN' | 'MEMBER';
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'REVOKED' | 'EXPIRED';
  expires_at: string;
  created_at: string;
}

const UNKNOWN = '0190a000-0000-7000-8000-000000000000';
const DAY_MS = 24 * 3600 * 1000;
const LINK = /http:\/\/service\.test\/invitations\/([A-Za-z0-9_-]+)/g;

describe('Invitations (spec 4.5)', () => {
  let app: TestApp;
  let dataDir: string;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let team: string;
  let teamName: string;

  /** The emails written to `<dataDir>/mail/`, parsed, oldest first. */
  async function mails() {
    const dir = path.join(dataDir, 'mail');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
  }

  /** Invitation tokens emailed to `email` (from the text part), oldest first. */
  async function tokensSentTo(email: string): Promise<string[]> {
    const tokens: string[] = [];
    for (const mail of await mails()) {
      if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === email)) {
        tokens.push(...[...(mail.text ?? '').matchAll(LINK)].map((m) => m[1] as string));
      }
    }
    return [...new Set(tokens)];
  }

  async function invite(user: TestUser, payload: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: '/api/v1/invitations', headers: user.headers, payload });
  }

  /** Invites a fresh email to the team as its OWNER; returns the invitation and its emailed token. */
  async function invited(role: 'ADMIN' | 'MEMBER' = 'MEMBER', email = uniqueEmail('invitee')) {
    const res = await invite(owner, { email, role, organization_id: team });
    expect(res.statusCode, res.body).toBe(200);
    const tokens = await tokensSentTo(email);
    expect(tokens).toHaveLength(1);
    return { invitation: res.json() as Invitation, token: tokens[0] as string, email };
  }

  const byToken = (token: string) => app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
  const act = (user: TestUser, id: string, action: 'accept' | 'reject' | 'resend' | 'revoke') =>
    app.inject({ method: 'POST', url: `/api/v1/invitations/${id}/${action}`, headers: user.headers });

  beforeAll(async () => {
    ({ app, dataDir } = await createTestApp());
    owner = await signUp(app, uniqueEmail('owner'), 'Olivia Owner');
    admin = await signUp(app);
    member = await signUp(app);
    outsider = await signUp(app);
    teamName = `Invite Team ${Date.now()}`;
    team = await createTeam(app, owner, teamName);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['POST', '/api/v1/invitations'],
    ['GET', '/api/v1/invitations/me'],
    ['GET', `/api/v1/invitations/organization/${UNKNOWN}`],
    ['POST', `/api/v1/invitations/${UNKNOWN}/accept`],
    ['POST', `/api/v1/invitations/${UNKNOWN}/reject`],
    ['POST', `/api/v1/invitations/${UNKNOWN}/resend`],
    ['POST', `/api/v1/invitations/${UNKNOWN}/revoke`],
  ] as const)('%s %s answers 401 without credentials', async (method, url) => {
    expectUnauthorized(await app.inject({ method, url, payload: method === 'POST' ? {} : undefined }));
  });

  describe('POST /invitations', () => {
    it('creates a PENDING invitation valid 7 days and emails a link with a token', async () => {
      const email = uniqueEmail('new');
      const before = Date.now();
      const res = await invite(admin, { email: email.toUpperCase(), role: 'ADMIN', organization_id: team });
      expect(res.statusCode, res.body).toBe(200);
      const inv: Invitation = res.json();
      expect(inv).toEqual({
        id: expect.any(String),
        email,
        organization_id: team,
        role: 'ADMIN',
        status: 'PENDING',
        expires_at: expect.any(String),
        created_at: expect.any(String),
      });
      expect(Math.abs(Date.parse(inv.expires_at) - (before + 7 * DAY_MS))).toBeLessThan(60_000);

      const mail = (await mails()).find(
        (m) => m.text?.includes(email) || JSON.stringify(m.to).includes(email),
      );
      expect(mail?.subject).toBe(`You are invited to join ${teamName}`);
      const tokens = await tokensSentTo(email);
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(JSON.stringify(inv)).not.toContain(tokens[0]);
    });

    it('invites to the active organization when organization_id is absent, with role MEMBER by default', async () => {
      const email = uniqueEmail('default');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/invitations',
        headers: { ...owner.headers, 'x-organization-id': team },
        payload: { email },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ organization_id: team, role: 'MEMBER', status: 'PENDING' });
    });

    it('answers 409 when an invitation is already pending for the email, or the person is a member', async () => {
      const { email } = await invited();
      expectProblem(await invite(admin, { email: email.toUpperCase(), organization_id: team }), 409);
      expectProblem(await invite(owner, { email: member.email, organization_id: team }), 409);
      // The same email may be invited to another organization.
      const other = await createTeam(app, owner);
      expect((await invite(owner, { email, organization_id: other })).statusCode).toBe(200);
    });

    it('creates one invitation when two requests for the same email race (200 and 409)', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all([
        invite(owner, { email, organization_id: team }),
        invite(admin, { email, organization_id: team }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('answers 403 to a MEMBER and to a non-member of the organization', async () => {
      expectProblem(await invite(member, { email: uniqueEmail(), organization_id: team }), 403);
      expectProblem(await invite(outsider, { email: uniqueEmail(), organization_id: team }), 403);
    });

    it('validates the body and names the field (400)', async () => {
      expectInvalidField(await invite(owner, { email: 'not-an-email', organization_id: team }), 'body.email');
      expectInvalidField(await invite(owner, { organization_id: team }), 'body.email');
      expectInvalidField(
        await invite(owner, { email: uniqueEmail(), role: 'OWNER', organization_id: team }),
        'body.role',
      );
      expectInvalidField(
        await invite(owner, { email: uniqueEmail(), organization_id: 'team' }),
        'body.organization_id',
      );
    });
  });

  describe('GET /invitations/{token} (public)', () => {
    it('shows the invitation details without credentials', async () => {
      const { invitation, token } = await invited('ADMIN');
      const res = await byToken(token);
      expect(res.statusCode, res.body).toBe(200);
      const slug = (
        await app.inject({ method: 'GET', url: `/api/v1/organizations/${team}`, headers: owner.headers })
      ).json().slug;
      expect(res.json()).toEqual({ ...invitation, organization: { id: team, name: teamName, slug } });
    });

    it('answers 404 for an unknown token', async () => {
      expectProblem(await byToken('no-such-token'), 404);
      expectProblem(await byToken(UNKNOWN), 404);
    });
  });

  describe('GET /invitations/me and GET /invitations/organization/{orgId}', () => {
    it('lists the pending invitations addressed to the caller', async () => {
      const { invitation, email } = await invited();
      const invitee = await signUp(app, email);
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/invitations/me',
        headers: invitee.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([invitation]);
      expect(
        (
          await app.inject({ method: 'GET', url: '/api/v1/invitations/me', headers: outsider.headers })
        ).json(),
      ).toEqual([]);
    });

    it('pages an organization’s invitations for an OWNER or ADMIN', async () => {
      const org = await createTeam(app, owner);
      await addMember(app, owner, org, admin, 'ADMIN');
      await addMember(app, owner, org, member, 'MEMBER');
      const emails = [uniqueEmail('b'), uniqueEmail('a'), uniqueEmail('c')];
      for (const email of emails)
        expect((await invite(owner, { email, organization_id: org })).statusCode).toBe(200);
      const url = `/api/v1/invitations/organization/${org}`;
      const res = await app.inject({
        method: 'GET',
        url: `${url}?page=0&size=2&sort=email,asc`,
        headers: admin.headers,
      });
      const content = expectPage<Invitation>(res, { number: 0, size: 2, total_elements: 3, total_pages: 2 });
      expect(content.map((i) => i.email)).toEqual([...emails].sort().slice(0, 2));

      expectInvalidField(
        await app.inject({ method: 'GET', url: `${url}?sort=token,asc`, headers: owner.headers }),
        'query.sort',
      );
      expectProblem(await app.inject({ method: 'GET', url, headers: member.headers }), 403);
      expectProblem(await app.inject({ method: 'GET', url, headers: outsider.headers }), 403);
    });
  });

  describe('POST /invitations/{id}/accept', () => {
    it('creates the membership with the invited role for the user whose email matches; the token is single use', async () => {
      const { invitation, token, email } = await invited('ADMIN');
      const invitee = await signUp(app, email);

      expectProblem(await act(outsider, invitation.id, 'accept'), 404);
      const res = await act(invitee, invitation.id, 'accept');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        invitation: { ...invitation, status: 'ACCEPTED' },
        membership: {
          organization_id: team,
          user_id: invitee.id,
          role: 'ADMIN',
          created_at: expect.any(String),
        },
      });
      const me = (
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: invitee.headers })
      ).json();
      expect(me.roles).toContainEqual({ organization_id: team, role: 'ADMIN' });

      expectProblem(await byToken(token), 404);
      expectProblem(await act(invitee, invitation.id, 'accept'), 409);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/invitations/me', headers: invitee.headers })).json(),
      ).toEqual([]);
    });

    it('answers 404 for an unknown invitation', async () => {
      expectProblem(await act(member, UNKNOWN, 'accept'), 404);
    });

    it('accepts once when the invitee accepts twice at the same time (200 and 409)', async () => {
      const { invitation, email } = await invited();
      const invitee = await signUp(app, email);
      const results = await Promise.all([
        act(invitee, invitation.id, 'accept'),
        act(invitee, invitation.id, 'accept'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('does not let a concurrent reject overwrite an accept', async () => {
      const { invitation, email } = await invited();
      const invitee = await signUp(app, email);
      const [accepted, rejected] = await Promise.all([
        act(invitee, invitation.id, 'accept'),
        act(invitee, invitation.id, 'reject'),
      ]);
      const statuses = [accepted.statusCode, rejected.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const member = (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: invitee.headers }))
        .json()
        .roles.some((r: { organization_id: string }) => r.organization_id === team);
      const final = (
        await app.inject({
          method: 'GET',
          url: `/api/v1/invitations/organization/${team}?size=100`,
          headers: owner.headers,
        })
      )
        .json()
        .content.find((i: Invitation) => i.id === invitation.id).status;
      expect(final).toBe(member ? 'ACCEPTED' : 'REJECTED');
    });

    it('settles the invitation (409, no longer pending) when the invitee became a member meanwhile', async () => {
      const { invitation, token, email } = await invited();
      const invitee = await signUp(app, email);
      await addMember(app, owner, team, invitee, 'MEMBER');
      expectProblem(await act(invitee, invitation.id, 'accept'), 409);
      expectProblem(await byToken(token), 404);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/invitations/me', headers: invitee.headers })).json(),
      ).toEqual([]);
    });

    it('answers 404 once the organization is deleted', async () => {
      const org = await createTeam(app, owner);
      const email = uniqueEmail('gone');
      const created = await invite(owner, { email, organization_id: org });
      expect(created.statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/v1/organizations/${org}`, headers: owner.headers }))
          .statusCode,
      ).toBe(204);
      const invitee = await signUp(app, email);
      expectProblem(await act(invitee, created.json().id, 'accept'), 404);
      expect(invitee.headers).toBeDefined();
      const roles = (
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: invitee.headers })
      ).json().roles;
      expect(roles.map((r: { organization_id: string }) => r.organization_id)).not.toContain(org);
    });
  });

  describe('POST /invitations/{id}/reject', () => {
    it('lets the invitee reject; the token stops working and no membership is created', async () => {
      const { invitation, token, email } = await invited();
      const invitee = await signUp(app, email);
      expectProblem(await act(outsider, invitation.id, 'reject'), 404);
      const res = await act(invitee, invitation.id, 'reject');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...invitation, status: 'REJECTED' });
      expectProblem(await byToken(token), 404);
      expectProblem(await act(invitee, invitation.id, 'accept'), 409);
      expectProblem(
        await app.inject({ method: 'GET', url: `/api/v1/organizations/${team}`, headers: invitee.headers }),
        403,
      );
    });
  });

  describe('POST /invitations/{id}/resend', () => {
    it('sends a new token and renews expires_at; the old token stops working', async () => {
      const { invitation, token, email } = await invited();
      await app.ctx.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() + DAY_MS) })
        .where(eq(invitations.id, invitation.id));

      const res = await act(admin, invitation.id, 'resend');
      expect(res.statusCode, res.body).toBe(200);
      const resent: Invitation = res.json();
      expect(resent).toMatchObject({ id: invitation.id, status: 'PENDING' });
      expect(Math.abs(Date.parse(resent.expires_at) - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);

      const tokens = await tokensSentTo(email);
      expect(tokens).toHaveLength(2);
      const fresh = tokens.find((t) => t !== token) as string;
      expectProblem(await byToken(token), 404);
      const details = await byToken(fresh);
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({ id: invitation.id, expires_at: resent.expires_at });
    });

    it('answers 403 to a MEMBER, 404 to a non-member and for an unknown id, 409 once accepted', async () => {
      const { invitation, email } = await invited();
      expectProblem(await act(member, invitation.id, 'resend'), 403);
      expectProblem(await act(outsider, invitation.id, 'resend'), 404);
      expectProblem(await act(owner, UNKNOWN, 'resend'), 404);
      const invitee = await signUp(app, email);
      expect((await act(invitee, invitation.id, 'accept')).statusCode).toBe(200);
      expectProblem(await act(owner, invitation.id, 'resend'), 409);
    });
  });

  describe('POST /invitations/{id}/revoke', () => {
    it('revokes a pending invitation: the token and accept stop working', async () => {
      const { invitation, token, email } = await invited();
      expectProblem(await act(member, invitation.id, 'revoke'), 403);
      expectProblem(await act(outsider, invitation.id, 'revoke'), 404);
      const res = await act(owner, invitation.id, 'revoke');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...invitation, status: 'REVOKED' });
      expectProblem(await byToken(token), 404);
      const invitee = await signUp(app, email);
      expectProblem(await act(invitee, invitation.id, 'accept'), 409);
      expectProblem(await act(owner, invitation.id, 'revoke'), 409);
      expectProblem(await act(owner, UNKNOWN, 'revoke'), 404);
      // Once revoked, the email can be invited again.
      expect((await invite(owner, { email, organization_id: team })).statusCode).toBe(200);
    });
  });

  describe('expiry', () => {
    it('reads as EXPIRED past expires_at: the token answers 404, accept is refused, a new invitation is allowed', async () => {
      const { invitation, token, email } = await invited();
      await app.ctx.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, invitation.id));

      expectProblem(await byToken(token), 404);
      const list = await app.inject({
        method: 'GET',
        url: `/api/v1/invitations/organization/${team}?size=100`,
        headers: owner.headers,
      });
      expect((list.json().content as Invitation[]).find((i) => i.id === invitation.id)?.status).toBe(
        'EXPIRED',
      );
      const invitee = await signUp(app, email);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/invitations/me', headers: invitee.headers })).json(),
      ).toEqual([]);
      expectProblem(await act(invitee, invitation.id, 'accept'), 409);

      const again = await invite(owner, { email, organization_id: team });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().id).not.toBe(invitation.id);
    });

    it('resending an expired invitation makes it PENDING again with a working token', async () => {
      const { invitation, email } = await invited();
      await app.ctx.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, invitation.id));
      const res = await act(owner, invitation.id, 'resend');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('PENDING');
      const tokens = await tokensSentTo(email);
      expect((await byToken(tokens[tokens.length - 1] as string)).statusCode).toBe(200);
    });
  });

  it('walks the whole flow for someone without an account: email link, sign-up, accept', async () => {
    const { invitation, token, email } = await invited('MEMBER');
    const details = await byToken(token);
    expect(details.json()).toMatchObject({ email, organization: { id: team, name: teamName } });

    const invitee = await signUp(app, email, 'New Person');
    expect(invitee.personalOrgId).not.toBe(team);
    const accepted = await act(invitee, invitation.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const org = await app.inject({
      method: 'GET',
      url: '/api/v1/organizations/me',
      headers: { ...invitee.headers, 'x-organization-id': team },
    });
    expect(org.json()).toMatchObject({ id: team, name: teamName });
  });
});
