import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/db/schema.js';
import { type SmtpListener, startSmtpListener } from '../../src/sources/smtp.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';
import { dkimKey, TestDns } from './mail-auth.js';
import { type Json, until } from './support.js';

const CORPUS = '/work/shared/corpus';
const SIMPLE_EML = readFileSync(path.join(CORPUS, 'email/paperless-ngx/simple_text.eml'));
const PDF_EML = readFileSync(path.join(CORPUS, 'email/mikel-mail/attachment_pdf.eml'));
const PDF_NAME = 'ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.pdf';
const CONTRACT_PDF = readFileSync(path.join(CORPUS, 'cuad/pdf', PDF_NAME));

describe('email forwarding (spec 4.3): address, allowlist, audit and a real SMTP listener (RFC 5321)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let team: string;
  let h: Record<string, string>;
  let smtp: SmtpListener;
  let address: string;
  let sourceId: string;
  // example.com signs its mail (DKIM) and publishes DMARC; the DNS answers come from this table.
  const exampleKey = dkimKey('rsa');
  const dns = new TestDns().dkim('example.com', 'mail', exampleKey).dmarc('example.com', 'reject');

  const transport = (sign = false) =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
      // nodemailer's own DKIM signer, so the listener verifies what another implementation signed.
      ...(sign
        ? { dkim: { domainName: 'example.com', keySelector: 'mail', privateKey: exampleKey.privateKey } }
        : {}),
    });
  const sendRaw = (from: string, to: string, raw: Buffer) =>
    transport().sendMail({ envelope: { from, to }, raw });
  const audit = async () =>
    (
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/sources/email-forwarding/audit?size=100',
          headers: h,
        })
      ).json() as {
        content: Json[];
      }
    ).content;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    member = await signUp(app);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
    smtp = await startSmtpListener(app.ctx, { port: 0, host: '127.0.0.1', resolver: dns.resolver });
  }, 60_000);
  afterAll(async () => {
    await smtp.close();
    await app.close();
  });

  it('gives each organization a stable inbound address, off until the setting turns it on', async () => {
    const a = await app.inject({
      method: 'GET',
      url: '/api/v1/sources/email-forwarding/address',
      headers: inOrg(member, team),
    });
    expect(a.statusCode).toBe(200);
    const body = a.json() as { address: string; enabled: boolean; source_id: string };
    expect(body.address).toMatch(/^[a-z0-9-]+@inbound\.localhost$/);
    expect(body.enabled).toBe(false);
    address = body.address;
    sourceId = body.source_id;
    const again = (
      await app.inject({ method: 'GET', url: '/api/v1/sources/email-forwarding/address', headers: h })
    ).json() as Json;
    expect(again.address).toBe(address);
    const other = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/sources/email-forwarding/address',
        headers: owner.headers,
      })
    ).json() as Json;
    expect(other.address).not.toBe(address);
    const src = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}`, headers: h })
    ).json() as Json;
    expect(src).toMatchObject({ kind: 'EMAIL_FORWARDING', provider: 'email_forwarding' });
  });

  it('refuses mail while forwarding is disabled, and audits it', async () => {
    await expect(sendRaw('alice@example.com', address, SIMPLE_EML)).rejects.toMatchObject({
      responseCode: 550,
    });
    expect((await audit())[0]).toMatchObject({ decision: 'REJECTED', recipient: address });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/settings`,
      headers: h,
      payload: { email_forwarding_enabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = (
      await app.inject({ method: 'GET', url: '/api/v1/sources/email-forwarding/address', headers: h })
    ).json() as Json;
    expect(a.enabled).toBe(true);
  });

  it('manages the allowlist (addresses and @domains; OWNER or ADMIN writes)', async () => {
    const url = '/api/v1/sources/email-forwarding/allowlist';
    const bad = await app.inject({ method: 'POST', url, headers: h, payload: { pattern: 'not an address' } });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url,
          headers: inOrg(member, team),
          payload: { pattern: 'x@example.com' },
        })
      ).statusCode,
    ).toBe(403);
    const alice = await app.inject({
      method: 'POST',
      url,
      headers: h,
      payload: { pattern: 'Alice@Example.com', note: 'AP clerk' },
    });
    expect(alice.statusCode, alice.body).toBe(200);
    expect(alice.json()).toMatchObject({ pattern: 'alice@example.com', note: 'AP clerk' });
    expect(
      (await app.inject({ method: 'POST', url, headers: h, payload: { pattern: 'alice@example.com' } }))
        .statusCode,
    ).toBe(409);
    const dom = (
      await app.inject({ method: 'POST', url, headers: h, payload: { pattern: '@someserver.de' } })
    ).json() as Json;
    const tmp = (
      await app.inject({ method: 'POST', url, headers: h, payload: { pattern: '@temp.example' } })
    ).json() as Json;
    const patched = await app.inject({
      method: 'PATCH',
      url: `${url}/${String(tmp.id)}`,
      headers: h,
      payload: { note: 'temporary' },
    });
    expect(patched.json()).toMatchObject({ pattern: '@temp.example', note: 'temporary' });
    expect(
      (await app.inject({ method: 'DELETE', url: `${url}/${String(tmp.id)}`, headers: h })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `${url}/${String(tmp.id)}`, headers: h })).statusCode,
    ).toBe(404);
    const list = (await app.inject({ method: 'GET', url, headers: inOrg(member, team) })).json() as Json[];
    expect(list.map((e) => e.pattern)).toEqual(['@someserver.de', 'alice@example.com']);
    expect(dom.pattern).toBe('@someserver.de');
    // Another tenant does not see or touch these entries.
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `${url}/${String(dom.id)}`,
          headers: owner.headers,
          payload: { note: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses unknown recipients with 550 at RCPT', async () => {
    await expect(
      sendRaw('alice@example.com', 'nobody-123@inbound.localhost', SIMPLE_EML),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(sendRaw('alice@example.com', 'someone@other.example', SIMPLE_EML)).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it('refuses a sender that is not allowlisted (550) and audits why', async () => {
    await expect(sendRaw('mallory@evil.example', address, PDF_EML)).rejects.toMatchObject({
      responseCode: 550,
    });
    const entry = (await audit()).find((a) => a.sender === 'mallory@evil.example');
    expect(entry).toMatchObject({ decision: 'REJECTED', recipient: address });
    expect(String(entry?.reason)).toContain('not on the allowlist');
    expect(entry?.message_id).toMatch(/^<.+@.+>$/);
  });

  it('stores DKIM-signed mail from an allowlisted sender as a document; the PDF attachment becomes its own document', async () => {
    const info = await transport(true).sendMail({
      from: 'Alice <alice@example.com>',
      to: address,
      subject: 'Signed services agreement',
      text: 'Please find the signed agreement attached.',
      attachments: [{ filename: PDF_NAME, content: CONTRACT_PDF, contentType: 'application/pdf' }],
    });
    expect(info.accepted).toEqual([address]);
    const email = await until(async () => {
      const rows = await app.ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.organizationId, team), eq(documents.sourceId, sourceId)));
      return rows.find((d) => d.filename === 'Signed services agreement.eml');
    });
    expect(email.metadata).toMatchObject({ from: 'alice@example.com', subject: 'Signed services agreement' });
    expect(String((email.metadata as Json).authentication)).toContain('dmarc=pass for example.com');
    const pdf = await until(
      async () => {
        const [row] = await app.ctx.db
          .select()
          .from(documents)
          .where(eq(documents.parentDocumentId, email.id));
        return row;
      },
      60_000,
      'the attachment document',
    );
    expect(pdf).toMatchObject({ filename: PDF_NAME, mimeType: 'application/pdf', sourceId });
    const accepted = (await audit()).find((a) => a.document_id === email.id);
    expect(accepted).toMatchObject({ decision: 'ACCEPTED', sender: 'alice@example.com', recipient: address });
  }, 90_000);

  it('accepts a forwarded corpus message whose From: domain is allowlisted under "allowlist only", and audits duplicates', async () => {
    // The corpus message is not signed by someserver.de: under the default policy it is quarantined.
    await expect(sendRaw('bounces@forwarder.example', address, SIMPLE_EML)).rejects.toMatchObject({
      responseCode: 550,
    });
    expect((await audit())[0]).toMatchObject({
      decision: 'QUARANTINED',
      sender: 'bounces@forwarder.example',
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/settings`,
      headers: h,
      payload: { email_forwarding_sender_policy: 'ALLOWLIST_ONLY' },
    });
    expect(res.json()).toMatchObject({ email_forwarding_sender_policy: 'ALLOWLIST_ONLY' });
    // Envelope sender unknown (a forwarding service), header From: mail@someserver.de (allowlisted domain).
    await sendRaw('bounces@forwarder.example', address, SIMPLE_EML);
    const doc = await until(async () => {
      const rows = await app.ctx.db.select().from(documents).where(eq(documents.sourceId, sourceId));
      return rows.find((d) => d.filename === 'Simple Text Mail.eml');
    });
    expect(doc.metadata).toMatchObject({
      from: 'mail@someserver.de',
      envelope_from: 'bounces@forwarder.example',
    });
    await sendRaw('bounces@forwarder.example', address, SIMPLE_EML);
    const entries = (await audit()).filter((a) => a.document_id === doc.id);
    expect(entries.map((e) => e.reason).sort()).toEqual([
      'duplicate of an existing document',
      'stored as a document',
    ]);
    const cov = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/coverage`, headers: h })
    ).json() as Json;
    expect(Number(cov.total)).toBeGreaterThanOrEqual(3);
  });
});
