import { describe, expect, it } from 'vitest';
import { authenticateSender, type SmtpClient } from '../../src/sources/email-auth.js';
import { dkimKey, signMessage, TestDns } from './mail-auth.js';

const message = (from: string, body = 'Please find the agreement attached.') =>
  Buffer.from(
    [
      `From: ${from}`,
      'To: inbox@inbound.localhost',
      'Subject: Signed agreement',
      'Message-ID: <m1@example.com>',
      'Date: Sun, 29 Nov 2026 08:00:00 +0000',
      '',
      body,
      '',
    ].join('\r\n'),
  );
const mta = 'inbound.localhost';
const nobody: SmtpClient = { ip: null, helo: null, sender: null };

describe('sender authentication of forwarded mail (DKIM, SPF, DMARC by mailauth, DNS answered locally)', () => {
  const rsa = dkimKey('rsa');
  const ed = dkimKey('ed25519');
  const attacker = dkimKey('rsa');
  const dns = new TestDns()
    .dkim('example.com', 'sel1', rsa)
    .dmarc('example.com', 'reject')
    .dkim('ed.example', 'ed1', ed)
    .dkim('evil.example', 'x', attacker)
    .dkim('nodmarc.example', 'sel', rsa)
    .addTxt('spf.example', 'v=spf1 ip4:192.0.2.10 -all')
    .breakName('_dmarc.flaky.example');
  const check = (raw: Buffer, client: SmtpClient = nobody) =>
    authenticateSender(raw, client, { mta, resolver: dns.resolver });

  it('passes a message signed with RSA by the From: domain under its DMARC policy', async () => {
    const signed = await signMessage(message('Alice <alice@example.com>'), {
      domain: 'example.com',
      selector: 'sel1',
      key: rsa,
    });
    const auth = await check(signed);
    expect(auth).toMatchObject({ verdict: 'pass', authorDomain: 'example.com', author: 'alice@example.com' });
    expect(auth.summary).toContain('dmarc=pass');
    expect(dns.queries).toContain('TXT sel1._domainkey.example.com');
  });

  it('passes an Ed25519 signature of a domain without a DMARC record (relaxed alignment)', async () => {
    const signed = await signMessage(message('bob@mail.ed.example'), {
      domain: 'ed.example',
      selector: 'ed1',
      key: ed,
    });
    const auth = await check(signed);
    expect(auth.verdict, auth.summary).toBe('pass');
    expect(auth.summary).toContain('no DMARC record for mail.ed.example; aligned DKIM pass');
  });

  it('fails an unsigned message that claims an allowlisted From: (the forgery of the issue)', async () => {
    const auth = await check(message('alice@example.com'), {
      ip: '203.0.113.5',
      helo: 'evil',
      sender: 'x@evil.example',
    });
    expect(auth.verdict).toBe('fail');
    expect(auth.summary).toMatch(/dmarc=fail for example\.com \(policy reject\); dkim=none/);
  });

  it('fails a valid signature of another domain (not aligned with From:)', async () => {
    const signed = await signMessage(message('alice@example.com'), {
      domain: 'evil.example',
      selector: 'x',
      key: attacker,
    });
    const auth = await check(signed);
    expect(auth.verdict).toBe('fail');
    expect(auth.summary).toContain('dkim=pass (d=evil.example)');
  });

  it('fails a message changed after signing, and a key that is not the published one', async () => {
    const signed = await signMessage(message('alice@example.com'), {
      domain: 'example.com',
      selector: 'sel1',
      key: rsa,
    });
    const tampered = Buffer.from(
      signed.toString().replace('agreement attached', 'invoice attached, pay now'),
    );
    expect((await check(tampered)).verdict).toBe('fail');
    const wrongKey = await signMessage(message('alice@example.com'), {
      domain: 'example.com',
      selector: 'sel1',
      key: attacker,
    });
    expect((await check(wrongKey)).verdict).toBe('fail');
  });

  it('fails a domain without DMARC whose mail is unsigned, and a message without a single From: domain', async () => {
    expect((await check(message('carol@nodmarc.example'))).verdict).toBe('fail');
    const two = await check(message('a@example.com, b@evil.example'));
    expect(two).toMatchObject({ verdict: 'fail', authorDomain: null });
    expect(two.summary).toContain('multiple-author-domains');
  });

  it('passes on SPF for the client address when the envelope domain aligns, and fails from another address', async () => {
    const raw = message('dave@spf.example');
    const pass = await check(raw, {
      ip: '::ffff:192.0.2.10',
      helo: 'mx.spf.example',
      sender: 'bounce@spf.example',
    });
    expect(pass.verdict, pass.summary).toBe('pass');
    expect(pass.summary).toContain('spf=pass (spf.example for 192.0.2.10)');
    const other = await check(raw, { ip: '198.51.100.7', helo: 'mx.other', sender: 'bounce@spf.example' });
    expect(other.verdict).toBe('fail');
    expect(other.summary).toContain('spf=fail');
  });

  it('reports a temporary DNS failure as temperror, not as a verdict', async () => {
    const auth = await check(message('eve@flaky.example'));
    expect(auth.verdict).toBe('temperror');
  });
});
