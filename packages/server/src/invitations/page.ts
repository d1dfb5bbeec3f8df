import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { HttpProblem } from '../http/problem.js';
import { invitationByToken } from './service.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the invitation email links to (`{public_url}/invitations/{token}`): who invites whom,
 * until when, and how to accept with the API. Public, like the JSON endpoint it mirrors.
 */
export function invitationPage(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/invitations/:token', {
      schema: { hide: true, params: z.object({ token: z.string().min(1).max(200) }) },
      config: { access: PUBLIC },
      handler: async (req, reply) => {
        let found: Awaited<ReturnType<typeof invitationByToken>>;
        try {
          found = await invitationByToken(ctx, req.params.token);
        } catch (err) {
          if (!(err instanceof HttpProblem)) throw err;
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(
              '<!doctype html><title>Invitation</title><p>This invitation does not exist, was used, or has expired. Ask for a new one.</p>',
            );
        }
        const { invitation, organization } = found;
        const api = ctx.config.publicUrl;
        return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invitation to ${escapeHtml(organization.name)}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Join ${escapeHtml(organization.name)}</h1>
<p><b>${escapeHtml(invitation.email)}</b> is invited as <b>${invitation.role}</b>. The invitation expires on ${invitation.expiresAt.toISOString()}.</p>
<p>Sign in as ${escapeHtml(invitation.email)} and accept it:</p>
<pre>curl -X POST -H "Authorization: Bearer &lt;your token&gt;" ${escapeHtml(api)}/api/v1/invitations/${invitation.id}/accept</pre>
<p>or reject it with <code>/reject</code>.</p>
</body></html>`);
      },
    });
  };
}
