import { z } from 'zod';

/** A public key of the local token issuer as `/.well-known/jwks.json` serves it (RFC 7517, RFC 7518 §6.2.1). */
export const publicJwkDto = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string().describe('the x coordinate, base64url'),
    y: z.string().describe('the y coordinate, base64url'),
    kid: z.string(),
    alg: z.literal('ES256').describe('decision 6: the local issuer signs ES256 JWTs'),
    use: z.literal('sig'),
  })
  .meta({ id: 'PublicJwk' });

export type PublicJwk = z.infer<typeof publicJwkDto>;

/** GET /.well-known/jwks.json: the local issuer's keys, none when it is off. */
export const jwksDto = z.object({ keys: z.array(publicJwkDto) }).meta({ id: 'Jwks' });
