/**
 * Sender authentication of forwarded mail (docs/sources.md "Sender authentication"): DKIM
 * signatures, SPF for the client address the listener saw, and DMARC alignment of the `From:`
 * domain, all checked by `mailauth` (RFC 6376, RFC 7208, RFC 9989). The allowlist names
 * `From:` addresses, and only an authenticated author domain makes that name mean anything.
 */
import ipaddr from 'ipaddr.js';
import { authenticate, type DNSResolver } from 'mailauth';

/** An organization's choice (organization setting `email_forwarding_sender_policy`). */
export type SenderPolicy = 'ALLOWLIST_AND_DMARC' | 'ALLOWLIST_ONLY';
export const DEFAULT_SENDER_POLICY: SenderPolicy = 'ALLOWLIST_AND_DMARC';

/** A DNS look-up as `dns.promises.resolve` does it; tests pass one that answers from a table. */
export type DnsResolver = (name: string, rrtype: string) => Promise<string[] | string[][]>;

/** What the SMTP session knows about the client (RFC 5321 §4.1.1.1, §4.1.1.2). */
export interface SmtpClient {
  /** Address of the connecting client, as the listener saw it; SPF is checked only with one. */
  ip: string | null;
  /** Name given in HELO/EHLO. */
  helo: string | null;
  /** MAIL FROM address; null for the null reverse-path. */
  sender: string | null;
}

/**
 * The outcome for one message: `pass` when the `From:` domain authenticated it, `fail` when it did
 * not, `temperror` when a DNS look-up it depends on failed (the sender should retry).
 * `authorDomain` is the `From:` domain that was checked; `summary` says why, for the audit.
 */
export interface SenderAuthentication {
  verdict: 'pass' | 'fail' | 'temperror';
  authorDomain: string | null;
  /** The address in `From:` that was authenticated (lower case), null when there is none or several. */
  author: string | null;
  summary: string;
}

/** True when `a` and `b` are the same domain or one is a subdomain of the other (relaxed alignment). */
function aligned(author: string, domain: string): boolean {
  const a = author.toLowerCase();
  const d = domain.toLowerCase();
  return a === d || a.endsWith(`.${d}`) || d.endsWith(`.${a}`);
}

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) as `192.0.2.1`; null when not an address. */
function clientIp(raw: string | null): string | null {
  if (!raw || !ipaddr.isValid(raw)) return null;
  return ipaddr.process(raw).toString();
}

/**
 * Checks DKIM, SPF and DMARC for a raw message (RFC 5322 bytes as received, before any header of
 * ours is added). A domain that publishes a DMARC record is judged by it (mailauth's result:
 * aligned DKIM or SPF under the record's alignment modes); a domain that publishes none passes only
 * with a valid DKIM signature or SPF pass of its own domain or a parent or subdomain of it
 * (relaxed alignment), so an unsigned message from a domain without DMARC fails too.
 *
 * @param resolver DNS look-ups; the system resolver when omitted
 * @param mta the authserv-id written into the summary (our inbound mail domain)
 * @returns the verdict; never throws for a malformed message (it fails)
 */
export async function authenticateSender(
  raw: Buffer,
  client: SmtpClient,
  opts: { mta: string; resolver?: DnsResolver | undefined },
): Promise<SenderAuthentication> {
  const ip = clientIp(client.ip);
  const res = await authenticate(raw, {
    ...(ip ? { ip } : {}),
    ...(client.helo ? { helo: client.helo } : {}),
    ...(client.sender ? { sender: client.sender } : {}),
    mta: opts.mta,
    ...(opts.resolver ? { resolver: opts.resolver as DNSResolver } : {}),
    disableArc: true,
    disableBimi: true,
    // RFC 8301: rsa-sha1 is historic and must not authenticate.
    rejectRsaSha1: true,
  });
  const dkim = (res.dkim?.results ?? []).filter((r) => r.signingDomain);
  const dkimText = dkim.length
    ? dkim
        .map(
          (r) =>
            `dkim=${r.status.result} (d=${r.signingDomain}${r.status.comment ? `: ${r.status.comment}` : ''})`,
        )
        .join(', ')
    : 'dkim=none (no signature)';
  const spf = ip && res.spf ? res.spf : undefined;
  const spfText = spf
    ? `spf=${spf.status.result} (${spf.domain ?? 'no domain'} for ${ip})`
    : 'spf=none (client address unknown)';
  const checks = `${dkimText}; ${spfText}`;
  if (!res.dmarc) {
    const why = res.dmarcSkipReason ?? 'no-author-domain';
    return {
      verdict: 'fail',
      authorDomain: null,
      author: null,
      summary: `no single From: domain to authenticate (${why}); ${checks}`,
    };
  }
  const authorDomain = res.dmarc.status.header?.from?.toLowerCase() ?? null;
  const fromAddresses = res.dkim?.headerFrom ?? [];
  const author = fromAddresses.length === 1 ? (fromAddresses[0]?.toLowerCase() ?? null) : null;
  const base = { authorDomain, author };
  const result = res.dmarc.status.result;
  if (result === 'pass')
    return { ...base, verdict: 'pass', summary: `dmarc=pass for ${authorDomain}; ${checks}` };
  if (result === 'temperror')
    return {
      ...base,
      verdict: 'temperror',
      summary: `dmarc=temperror for ${authorDomain} (${res.dmarc.error ?? 'DNS look-up failed'}); ${checks}`,
    };
  if (result === 'none' && authorDomain) {
    const viaDkim = dkim.some(
      (r) => r.status.result === 'pass' && aligned(authorDomain, r.signingDomain ?? ''),
    );
    const viaSpf = spf?.status.result === 'pass' && aligned(authorDomain, spf.domain ?? '');
    if (viaDkim || viaSpf)
      return {
        ...base,
        verdict: 'pass',
        summary: `no DMARC record for ${authorDomain}; aligned ${viaDkim ? 'DKIM' : 'SPF'} pass; ${checks}`,
      };
    return {
      ...base,
      verdict: 'fail',
      summary: `no DMARC record for ${authorDomain} and no aligned DKIM signature or SPF pass; ${checks}`,
    };
  }
  return {
    ...base,
    verdict: 'fail',
    summary: `dmarc=${result} for ${authorDomain}${res.dmarc.policy ? ` (policy ${res.dmarc.policy})` : ''}; ${checks}`,
  };
}
