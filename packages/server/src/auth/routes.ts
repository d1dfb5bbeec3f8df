import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { problemResponses } from '../http/problem.js';
import { timestamp, uuid } from '../http/schemas.js';
import { PRINCIPAL } from './access.js';
import { issueConsoleSession, revokeCurrentConsoleSession } from './console-sessions.js';

const consoleSessionDto = z
  .object({
    id: uuid,
    token: z.string().meta({
      description:
        "The session's bearer token (`dcs_…`), shown once: send it as `Authorization: Bearer <token>`. The web console keeps it in the tab's sessionStorage",
    }),
    token_type: z.literal('Bearer'),
    expires_at: timestamp.meta({
      description:
        'When the session ends unless used: each request in the second half of the idle window moves it on',
    }),
    max_expires_at: timestamp.meta({
      description:
        'When the session ends however much it is used (never after the credential it was opened with)',
    }),
  })
  .meta({ id: 'ConsoleSession' });

/** The web console's sessions (docs/console.md "Signing in"). */
export function consoleSessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Console sessions'];
    app.post('/console/sessions', {
      config: { access: PRINCIPAL },
      schema: {
        tags,
        summary: 'Exchange the API key or access token in Authorization for a short-lived console session',
        description:
          'The web console signs in with this: the key from `#key=` or the sign-in form is sent once, and only the returned session token is kept (sessionStorage). The session has the authority of the credential it was opened with. A console session cannot open another one (403).',
        response: { 201: consoleSessionDto, ...problemResponses(401, 403) },
      },
      handler: async (req, reply) => {
        const s = await issueConsoleSession(ctx, req.auth.principal);
        return reply
          .code(201)
          .header('Cache-Control', 'no-store')
          .send({
            id: s.id,
            token: s.token,
            token_type: 'Bearer' as const,
            expires_at: s.expiresAt.toISOString(),
            max_expires_at: s.maxExpiresAt.toISOString(),
          });
      },
    });
    app.delete('/console/sessions/current', {
      config: { access: PRINCIPAL },
      schema: {
        tags,
        summary: 'Sign out: revoke the console session presented in Authorization',
        response: { 204: z.null().describe('revoked'), ...problemResponses(400, 401) },
      },
      handler: async (req, reply) => {
        await revokeCurrentConsoleSession(ctx, req.auth.principal);
        return reply.code(204).send(null);
      },
    });
  };
}
