import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Executor } from '../db/client.js';
import { signingKeys } from '../db/schema.js';
import type { PublicJwk } from './schemas.js';

/**
 * The instance's own token issuer (api-decisions §1): an ES256 key pair kept in the database,
 * its public half served as a JWKS (RFC 7517) at `/.well-known/jwks.json`. The private JWK is
 * stored sealed with AES-256-GCM under a key derived from the server secret.
 */
export interface LocalIssuer {
  issuer: string;
  jwks(): Promise<{ keys: PublicJwk[] }>;
  /** Signs a token for `email` (claims sub, email, name), valid `ttlSeconds`. */
  sign(
    claims: { sub: string; email: string; name?: string | undefined },
    ttlSeconds: number,
  ): Promise<string>;
}

const ALG = 'ES256';

function sealKey(secret: string): Buffer {
  return createHash('sha256').update(`local-issuer:${secret}`).digest();
}

function seal(secret: string, value: JWK): Record<string, string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

function unseal(secret: string, sealed: Record<string, unknown>): JWK {
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(String(sealed.iv), 'base64'));
  decipher.setAuthTag(Buffer.from(String(sealed.tag), 'base64'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(String(sealed.ciphertext), 'base64')),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString('utf8')) as JWK;
}

/** Loads the issuer's key, creating it on first use (concurrent first uses agree on one key). */
export async function openLocalIssuer(db: Executor, issuer: string, secret: string): Promise<LocalIssuer> {
  let rows = await db.select().from(signingKeys);
  if (rows.length === 0) {
    const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomBytes(8).toString('hex');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    await db
      .insert(signingKeys)
      .values({ kid, algorithm: ALG, publicJwk, privateJwk: seal(secret, privateJwk) })
      .onConflictDoNothing();
    rows = await db.select().from(signingKeys);
  }
  const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!newest) throw new Error('local issuer has no signing key');
  const privateKey = await importJWK(unseal(secret, newest.privateJwk), ALG);
  // Written by this module only: exportJWK of an ES256 public key, with kid, alg and use.
  const keys = rows.map((r) => r.publicJwk as PublicJwk);
  return {
    issuer,
    jwks: async () => ({ keys }),
    sign: async (claims, ttlSeconds) => {
      const jwt = new SignJWT({ email: claims.email, ...(claims.name ? { name: claims.name } : {}) })
        .setProtectedHeader({ alg: ALG, kid: newest.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`);
      return jwt.sign(privateKey);
    },
  };
}
