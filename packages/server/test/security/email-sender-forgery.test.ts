import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/db/schema.js';
import { type SmtpListener, startSmtpListener } from '../../src/sources/smtp.js';
import { dkimKey, signMessage, TestDns } from '../sources/mail-auth.js';
import type { Json } from '../sources/support.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';

/**
 * Issue 37 item 7: anyone could write an allowlisted address into `From:` and put documents into
 * a tenant. Now the From: domain must authenticate the message (DKIM / SPF / DMARC): forgeries are
 * quarantined in the audit with the reason and stored nowhere; the real sender still gets in.
 */
describe('forged senders do not pass the email allowlist', () => {
  let app: TestApp;
  let h: Record<string, string>;
  let smtp: SmtpListener;
  let address: string;
  let sourceId: string;
  const bank = dkimKey('ed25519');
  const attacker = dkimKey('rsa');
  const dns = new TestDns()
    .dkim('bank.example', 's1', bank)
    .dmarc('bank.example', 'none')
    .dkim('evil.example', 'e', attacker)
    .dmarc('evil.example', 'reject')
    .breakName('_dmarc.flaky.example');

  const raw = (from: string, subject: string) =>
    Buffer.from(
      [
        `From: ${from}`,
        `To: ${address}`,
        `Subject: ${subject}`,
        `Message-ID: <${subject.replace(/\W/g, '')}@x>`,
        '',
        `${subject} body`,
        '',
      ].join('\r\n'),
    );
  const send = (envelopeFrom: string, message: Buffer) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: envelopeFrom, to: address }, raw: message });
  const auditOf = async (messageId: string) =>
    (
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/sources/email-forwarding/audit?size=100',
          headers: h,
        })
      ).json() as { content: Json[] }
    ).content.filter((a) => a.message_id === messageId);
  const storedDocuments = async () =>
    (await app.ctx.db.select().from(documents).where(eq(documents.sourceId, sourceId))).length;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    const owner = await signUp(app);
    const team = await createTeam(app, owner);
    h = inOrg(owner, team);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/settings`,
      headers: h,
      payload: { email_forwarding_enabled: true },
    });
    for (const pattern of ['ceo@bank.example', '@flaky.example'])
      await app.inject({
        method: 'POST',
        url: '/api/v1/sources/email-forwarding/allowlist',
        headers: h,
        payload: { pattern },
      });
    const a = (
      await app.inject({ method: 'GET', url: '/api/v1/sources/email-forwarding/address', headers: h })
    ).json() as { address: string; source_id: string };
    address = a.address;
    sourceId = a.source_id;
    smtp = await startSmtpListener(app.ctx, { port: 0, host: '127.0.0.1', resolver: dns.resolver });
  }, 60_000);
  afterAll(async () => {
    await smtp.close();
    await app.close();
  });

  it('quarantines an unsigned message with an allowlisted From: (550 5.7.26) and stores nothing', async () => {
    const before = await storedDocuments();
    await expect(
      send('ceo@bank.example', raw('CEO <ceo@bank.example>', 'Urgent wire')),
    ).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('5.7.26'),
    });
    const [entry] = await auditOf('<Urgentwire@x>');
    expect(entry).toMatchObject({ decision: 'QUARANTINED', sender: 'ceo@bank.example', document_id: null });
    expect(String(entry?.reason)).toContain('sender authentication failed');
    expect(String(entry?.reason)).toContain('dkim=none');
    expect(await storedDocuments()).toBe(before);
  });

  it('quarantines a message the attacker signed with their own domain under an allowlisted From:', async () => {
    const forged = await signMessage(raw('ceo@bank.example', 'Signed forgery'), {
      domain: 'evil.example',
      selector: 'e',
      key: attacker,
    });
    await expect(send('x@evil.example', forged)).rejects.toMatchObject({ responseCode: 550 });
    const [entry] = await auditOf('<Signedforgery@x>');
    expect(entry?.decision).toBe('QUARANTINED');
    expect(String(entry?.reason)).toContain('dkim=pass (d=evil.example)');
  });

  it('does not let an allowlisted envelope sender carry an unlisted From: (DMARC speaks for From: only)', async () => {
    const theirs = await signMessage(raw('boss@evil.example', 'Envelope trick'), {
      domain: 'evil.example',
      selector: 'e',
      key: attacker,
    });
    await expect(send('ceo@bank.example', theirs)).rejects.toMatchObject({ responseCode: 550 });
    const [entry] = await auditOf('<Envelopetrick@x>');
    expect(entry).toMatchObject({ decision: 'REJECTED' });
    expect(String(entry?.reason)).toContain('not on the allowlist');
  });

  it('asks the sender to retry (451) when a DNS look-up fails, and accepts the real signed message', async () => {
    await expect(send('a@flaky.example', raw('a@flaky.example', 'Flaky DNS'))).rejects.toMatchObject({
      responseCode: 451,
    });
    expect((await auditOf('<FlakyDNS@x>'))[0]?.decision).toBe('REJECTED');
    const before = await storedDocuments();
    const genuine = await signMessage(raw('CEO <ceo@bank.example>', 'Genuine contract'), {
      domain: 'bank.example',
      selector: 's1',
      key: bank,
    });
    const info = await send('bounces@relay.example', genuine);
    expect(info.accepted).toEqual([address]);
    const [entry] = await auditOf('<Genuinecontract@x>');
    expect(entry?.decision).toBe('ACCEPTED');
    expect(await storedDocuments()).toBe(before + 1);
  });
});
