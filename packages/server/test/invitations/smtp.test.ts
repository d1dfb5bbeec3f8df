import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTeam,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from '../support/app.js';

/** One message as the SMTP server received it: the envelope and the raw RFC 5322 bytes. */
interface Received {
  from: string | null;
  to: string[];
  raw: Buffer;
}

const LINK = /http:\/\/service\.test\/invitations\/([A-Za-z0-9_-]+)/g;

/**
 * A real SMTP server (RFC 5321) on 127.0.0.1 with a free port: no TLS, optional authentication,
 * collecting every message it accepts.
 */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { received, port, close };
}

describe('invitation email over real SMTP (SERVICE_SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: TestApp;
  let dataDir: string;
  let owner: TestUser;
  let team: string;

  /** The messages received for `email`, parsed, oldest first. */
  async function messagesTo(email: string) {
    return Promise.all(
      smtp.received
        .filter((m) => m.to.includes(email))
        .map(async (m) => ({ ...m, mail: await simpleParser(m.raw) })),
    );
  }
  const tokensIn = (text: string | undefined) => [...(text ?? '').matchAll(LINK)].map((m) => m[1] as string);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ app, dataDir } = await createTestApp({ SERVICE_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }));
    owner = await signUp(app, uniqueEmail('owner'), 'Olivia Owner');
    team = await createTeam(app, owner, `SMTP Team ${Date.now()}`);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends the invitation over SMTP to the invitee with the acceptance link, and writes no .eml file', async () => {
    const email = uniqueEmail('invitee');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: owner.headers,
      payload: { email, role: 'MEMBER', organization_id: team },
    });
    expect(res.statusCode, res.body).toBe(200);

    const messages = await messagesTo(email);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.to).toEqual([email]);
    expect(message?.from).toBeTruthy();
    const mail = message?.mail;
    expect(mail?.subject).toMatch(/^You are invited to join SMTP Team/);
    const to = mail?.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
    expect(to).toEqual([email]);
    const tokens = tokensIn(mail?.text);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The HTML alternative carries the same link.
    expect(mail?.html || '').toContain(`http://service.test/invitations/${tokens[0]}`);

    // The link works: it names the pending invitation.
    const byToken = await app.inject({ method: 'GET', url: `/api/v1/invitations/${tokens[0]}` });
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json()).toMatchObject({ email, organization_id: team, status: 'PENDING' });

    const mailDir = path.join(dataDir, 'mail');
    expect(existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : []).toEqual([]);
  });

  it('resend sends a second message with a new token; the first link stops working', async () => {
    const email = uniqueEmail('resent');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: owner.headers,
      payload: { email, organization_id: team },
    });
    expect(created.statusCode, created.body).toBe(200);
    const resend = await app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${created.json().id}/resend`,
      headers: owner.headers,
    });
    expect(resend.statusCode, resend.body).toBe(200);

    const messages = await messagesTo(email);
    expect(messages).toHaveLength(2);
    const [first, second] = messages.map((m) => tokensIn(m.mail.text));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second?.[0]).not.toBe(first?.[0]);
    expect((await app.inject({ method: 'GET', url: `/api/v1/invitations/${first?.[0]}` })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/v1/invitations/${second?.[0]}` })).statusCode).toBe(
      200,
    );
    expect(existsSync(path.join(dataDir, 'mail'))).toBe(false);
  });
});
