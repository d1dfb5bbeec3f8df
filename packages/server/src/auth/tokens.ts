import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import type { AuthIssuer } from '../config.js';
import type { LocalIssuer } from './local-issuer.js';

/** The verified identity claims of a bearer token. */
export interface TokenIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string | undefined;
  /** The token's `exp` claim, when it has one. */
  expiresAt?: Date | undefined;
}

/** Raised for any token that is malformed, unsigned by a trusted issuer, expired or lacking claims. */
export class InvalidTokenError extends Error {}

const remoteSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function remoteSet(jwksUri: string) {
  let set = remoteSets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    remoteSets.set(jwksUri, set);
  }
  return set;
}

/**
 * Verifies a JWT (RFC 7519) against the JWKS of its issuer: the local issuer or one of the
 * configured ones (api-decisions §1). Requires `sub` and `email` claims.
 *
 * @throws InvalidTokenError when the token cannot be trusted
 */
export async function verifyBearerToken(
  token: string,
  issuers: AuthIssuer[],
  local: LocalIssuer | undefined,
): Promise<TokenIdentity> {
  let iss: string | undefined;
  try {
    iss = decodeJwt(token).iss;
  } catch {
    throw new InvalidTokenError('malformed token');
  }
  let payload: JWTPayload;
  try {
    if (local && iss === local.issuer) {
      const jwks = createLocalJWKSet(await local.jwks());
      ({ payload } = await jwtVerify(token, jwks, { issuer: local.issuer }));
    } else {
      const configured = issuers.find((i) => i.issuer === iss);
      if (!configured) throw new InvalidTokenError('untrusted issuer');
      ({ payload } = await jwtVerify(token, remoteSet(configured.jwks_uri), {
        issuer: configured.issuer,
        ...(configured.audience ? { audience: configured.audience } : {}),
      }));
    }
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    throw new InvalidTokenError((err as Error).message);
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!payload.sub || !email) throw new InvalidTokenError('token lacks sub or email claim');
  return {
    issuer: String(payload.iss),
    subject: payload.sub,
    email,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined,
  };
}
