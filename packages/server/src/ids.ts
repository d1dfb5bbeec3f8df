import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';

/** A new time-ordered UUID (version 7, RFC 9562 §5.7) for a row's primary key. */
export function newId(): string {
  return uuidv7();
}

/**
 * A UUID determined by `name` (version 8, RFC 9562 §5.8, from the first 122 bits of its SHA-256):
 * the same name always gives the same id, e.g. the event of one state change however often the
 * write that records it is retried.
 */
export function derivedId(name: string): string {
  const b = createHash('sha256').update(name).digest().subarray(0, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x80;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
