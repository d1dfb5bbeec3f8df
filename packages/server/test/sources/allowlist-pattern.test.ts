import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePattern, senderAllowed } from '../../src/sources/email.js';
import { ALLOWLIST_PATTERN, allowlistEntryRequest } from '../../src/sources/schemas.js';

/** Whether POST /sources/email-forwarding/allowlist accepts the pattern: the schema, then the rule. */
function accepted(pattern: string): boolean {
  const parsed = allowlistEntryRequest.safeParse({ pattern });
  if (!parsed.success) return false;
  try {
    normalizePattern(parsed.data.pattern);
    return true;
  } catch {
    return false;
  }
}

describe("the allowlist entry's documented pattern", () => {
  const documented = new RegExp(ALLOWLIST_PATTERN);
  const within = (s: string) => documented.test(s) && s.trim().length >= 3 && s.trim().length <= 254;

  it('accepts exactly what the server accepts, on examples', () => {
    for (const s of [
      'alice@example.com',
      '@example.com',
      '  Alice.O+Brien@Mail.Example.CO.uk ',
      '@sub-domain.example.org',
      '\u212Aelvin@example.com',
      'alice@example',
      'alice@-example.com',
      'alice@example-.com',
      'al ice@example.com',
      'example.com',
      '@',
      'ålice@example.com',
      'alice@exa_mple.com',
    ])
      expect(within(s), JSON.stringify(s)).toBe(accepted(s));
  });

  it('accepts exactly what the server accepts, on generated strings', () => {
    const piece = fc.constantFrom('a', 'Z', '0', '-', '.', '@', ' ', '_', '+', '\u212A', 'é', '\t', 'k');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 24 }).map((p) => p.join('')),
        (s) => {
          expect(within(s)).toBe(accepted(s));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the wildcard spelling of a domain', () => {
  it('stores *@domain as @domain, which senderAllowed matches for any sender of the domain', () => {
    expect(normalizePattern(' *@Acme.Example ')).toBe('@acme.example');
    expect(senderAllowed([normalizePattern('*@acme.example')], 'alice@acme.example')).toBe(true);
  });

  it('keeps any other address with a * in it as the address it is', () => {
    expect(normalizePattern('a*b@acme.example')).toBe('a*b@acme.example');
  });
});

describe('a *@domain entry stored before the wildcard was folded', () => {
  it('matches senders of the domain', () => {
    expect(senderAllowed(['*@acme.example'], 'Bob@Acme.Example')).toBe(true);
    expect(senderAllowed(['*@acme.example'], 'bob@other.example')).toBe(false);
  });
});
