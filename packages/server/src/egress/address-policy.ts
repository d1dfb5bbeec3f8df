import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of outbound requests (webhook delivery, and the plugins' egress in service.ts):
 * a URL may only reach public unicast addresses, unless SERVICE_WEBHOOK_ALLOW_PRIVATE is set. Ranges come from `ipaddr.js` (IANA special-purpose
 * registries, RFC 6890): everything but `unicast` is refused — private (RFC 1918), loopback,
 * link-local, carrier-grade NAT (RFC 6598), multicast, unspecified, broadcast, reserved, unique
 * local (RFC 4193), 6to4/Teredo/NAT64 translations — and an IPv4-mapped IPv6 address is judged as
 * its IPv4 address.
 */

/** How long the create/update check waits for DNS. */
const LOOKUP_TIMEOUT_MS = 5000;

/** A request refused because the host is, or resolves to, a non-public address. */
export class AddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED_SSRF';
}

/**
 * The special range of an IP address (`unicast` for an ordinary public address), or undefined when
 * `address` is not an IP address.
 */
export function addressRange(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return undefined;
  return ipaddr.process(bare).range();
}

/** True for a public unicast address; false for every special-purpose range and for non-addresses. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

function refusal(host: string, address: string): string {
  const range = addressRange(address) ?? 'unknown';
  return host === address
    ? `${address} is a ${range} address; webhooks may only reach public addresses`
    : `${host} resolves to ${address}, a ${range} address; webhooks may only reach public addresses`;
}

/** The host of a URL without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Checks that a webhook URL is http(s) and, unless `allowPrivate`, that its host is a public
 * address or a name whose every DNS answer (`dns.lookup` with `all`) is public.
 *
 * @returns undefined when acceptable, else the reason (for a 400 naming the field)
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (!url.hostname) return 'must name a host';
  if (allowPrivate) return undefined;
  const host = hostOf(url);
  if (addressRange(host) !== undefined) return isPublicAddress(host) ? undefined : refusal(host, host);
  let addresses: dns.LookupAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      dns.promises.lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return `the host ${host} could not be resolved`;
  } finally {
    clearTimeout(timer);
  }
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) return refusal(host, bad.address);
  if (addresses.length === 0) return `the host ${host} could not be resolved`;
  return undefined;
}

/**
 * A `lookup` for `http.request` that resolves like `dns.lookup` but fails with
 * {@link AddressRefusedError} when any answer is not public, so the connection goes to an address
 * that was checked (no DNS-rebinding window between check and connect).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      const bad = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      const first = addresses[0];
      if (bad || !first) {
        const refused = new AddressRefusedError(
          bad ? refusal(hostname, bad.address) : `${hostname} did not resolve`,
        );
        callback(refused as NodeJS.ErrnoException, '', 0);
        return;
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
