/**
 * The api-keys surface below every service: the look-ups and the `last_used_at` write that
 * authentication makes through its PrincipalDirectory port (auth/principal-directory.ts, wired
 * in app-context.ts). It imports nothing outside this domain.
 */
export type { ApiKeyRow } from './repository.js';
export {
  /** The key with this HMAC, whatever its status, or undefined. */
  findApiKeyByHash,
  /** The key with this id, whatever its status, or undefined. */
  findApiKeyById,
  /** Sets `last_used_at` of many keys (key id → time of use) in one statement; a later stored time wins. */
  recordApiKeyUses,
} from './repository.js';
