/**
 * Sender authentication fixtures: DKIM keys made in the test, messages signed with them by
 * mailauth's signer (RFC 6376, RFC 8463), and a DNS table that answers the look-ups of
 * verification (TXT for DKIM keys, SPF and DMARC) without the network.
 */
import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import type { DnsResolver } from '../../src/sources/email-auth.js';

/** A DKIM key pair: the PEM private key to sign with and the TXT record that publishes it. */
export interface DkimKey {
  privateKey: string;
  record: string;
}

/** A fresh RSA-2048 or Ed25519 key and its `v=DKIM1` record. */
export function dkimKey(type: 'rsa' | 'ed25519'): DkimKey {
  if (type === 'rsa') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    return {
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      record: `v=DKIM1; k=rsa; p=${der}`,
    };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  // RFC 8463 §4.2: the record holds the bare 32-byte key, the end of its SPKI encoding.
  const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('base64');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=ed25519; p=${raw}`,
  };
}

/** Prepends a DKIM-Signature of `domain`/`selector` made with `key` to `raw`. */
export async function signMessage(
  raw: Buffer | string,
  v: { domain: string; selector: string; key: DkimKey },
): Promise<Buffer> {
  const message = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.replace(/\r?\n/g, '\r\n'));
  const signature = { signingDomain: v.domain, selector: v.selector, privateKey: v.key.privateKey };
  // The signer reads `signatureData` (README); its type declarations also ask for the fields on top.
  const signed = await dkimSign(message, { ...signature, signatureData: [signature] });
  if (signed.errors.length) throw new Error(`signing failed: ${JSON.stringify(signed.errors)}`);
  return Buffer.concat([Buffer.from(signed.signatures), message]);
}

function dnsError(code: string, name: string): Error {
  return Object.assign(new Error(`${code} ${name}`), { code });
}

/**
 * A DNS zone in memory: TXT records by name; a name marked broken answers SERVFAIL (a temporary
 * error). Every other name does not exist (ENOTFOUND), as for a domain that publishes nothing.
 */
export class TestDns {
  private readonly txt = new Map<string, string[]>();
  private readonly broken = new Set<string>();
  /** Every query asked, as `TYPE name`. */
  readonly queries: string[] = [];

  /** Adds a TXT record at `name`. */
  addTxt(name: string, value: string): this {
    const key = name.toLowerCase();
    this.txt.set(key, [...(this.txt.get(key) ?? []), value]);
    return this;
  }

  /** Publishes a DKIM key at `selector._domainkey.domain`. */
  dkim(domain: string, selector: string, key: DkimKey): this {
    return this.addTxt(`${selector}._domainkey.${domain}`, key.record);
  }

  /** Publishes `v=DMARC1; p=policy` at `_dmarc.domain`. */
  dmarc(domain: string, policy: 'none' | 'quarantine' | 'reject'): this {
    return this.addTxt(`_dmarc.${domain}`, `v=DMARC1; p=${policy}`);
  }

  /** Makes look-ups of `name` fail with SERVFAIL. */
  breakName(name: string): this {
    this.broken.add(name.toLowerCase());
    return this;
  }

  /** The resolver to hand to the listener (same contract as `dns.promises.resolve`). */
  readonly resolver: DnsResolver = async (name, rrtype) => {
    const key = name.toLowerCase().replace(/\.$/, '');
    this.queries.push(`${rrtype} ${key}`);
    if (this.broken.has(key)) throw dnsError('ESERVFAIL', key);
    if (rrtype === 'TXT') {
      const values = this.txt.get(key);
      if (values) return values.map((v) => [v]);
    }
    throw dnsError('ENOTFOUND', key);
  };
}
