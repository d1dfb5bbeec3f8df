import { uuidv7 } from 'uuidv7';

/** A new time-ordered UUID (version 7, RFC 9562 §5.7) for a row's primary key. */
export function newId(): string {
  return uuidv7();
}
