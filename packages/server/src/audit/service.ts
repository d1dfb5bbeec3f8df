import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole, requireSystemAdmin } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { badRequest } from '../http/problem.js';
import { auditScope } from './context.js';
import { redact } from './redact.js';
import * as repo from './repository.js';

export type { AuditRow } from './repository.js';

/** Who acted, when it is not the request's caller (a plugin, the system). */
export type AuditActor =
  | { type: 'PLUGIN'; pluginId: string }
  | { type: 'SYSTEM' }
  | { type: 'USER'; userId: string; email?: string | null };

/** What a service records: the action on a resource of an organization, and the changed fields. */
export interface AuditEntry {
  /** null for platform actions (visible to SYSTEM_ADMIN). */
  organizationId: string | null;
  /** `<resource>.<verb>`, e.g. `api_key.create`; see docs/audit.md for the list. */
  action: string;
  resourceType: string;
  resourceId?: string | null | undefined;
  /** Changed fields; secrets are removed before storing (redact.ts). */
  changes?: Record<string, unknown> | undefined;
  /** Overrides the request's caller (e.g. a plugin acting). */
  actor?: AuditActor | undefined;
}

function actorColumns(actor: AuditActor | undefined, principal: Principal | null | undefined) {
  if (actor?.type === 'PLUGIN') return { actorType: 'PLUGIN' as const, actorPluginId: actor.pluginId };
  if (actor?.type === 'USER')
    return { actorType: 'USER' as const, actorUserId: actor.userId, actorEmail: actor.email ?? null };
  if (actor?.type === 'SYSTEM' || !principal) return { actorType: 'SYSTEM' as const };
  return {
    actorType: principal.method === 'api_key' ? ('API_KEY' as const) : ('USER' as const),
    actorUserId: principal.user.id,
    actorEmail: principal.user.email,
    actorApiKeyId: principal.apiKey?.id ?? null,
  };
}

function requestColumns(request: FastifyRequest | undefined) {
  if (!request) return {};
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip, userAgent: agent ? agent.slice(0, 500) : null, requestId: request.id };
}

/**
 * Writes an audit entry. Call it with the transaction that makes the change, like `emitEvent`,
 * so the entry exists exactly when the change does. The caller, its address and user agent
 * come from the running request (context.ts); outside a request the actor is SYSTEM unless
 * `entry.actor` names one.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<repo.AuditRow> {
  return writeAudit(tx, entry, true);
}

async function writeAudit(tx: Executor, entry: AuditEntry, inTransaction: boolean) {
  const scope = auditScope();
  if (scope) scope.audited = true;
  return repo.insertAudit(tx, {
    organizationId: entry.organizationId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    changes: (redact(entry.changes ?? {}) as Record<string, unknown>) ?? {},
    ...actorColumns(entry.actor, scope?.request.principal),
    ...requestColumns(scope?.request),
    inTransaction,
  });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The safety net for state-changing calls no service audited itself: after a successful
 * POST/PUT/PATCH/DELETE under /api/, an entry `<METHOD> <route>` with the redacted body is
 * written. It is not in the change's transaction (`in_transaction: false`); the actions of
 * docs/audit.md are audited by their services, in the transaction.
 */
export function installAuditFallback(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  app.addHook('onResponse', async (request, reply) => {
    const scope = auditScope();
    if (!scope || scope.audited || !request.principal) return;
    if (!MUTATING.has(request.method) || reply.statusCode >= 400) return;
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    const tenant = await request.tenantPromise?.catch(() => undefined);
    const params = (request.params ?? {}) as Record<string, string>;
    const segments = route.split('/').filter((s) => s && s !== 'api' && !/^v\d+$/.test(s));
    const body = request.isMultipart() ? {} : request.body;
    try {
      await writeAudit(
        ctx.db,
        {
          organizationId:
            tenant?.organizationId ??
            params.orgId ??
            (segments[0] === 'organizations' ? params.id : undefined) ??
            null,
          action: `${request.method} ${route}`,
          resourceType: segments[0] ?? 'api',
          resourceId: params.id ?? null,
          changes:
            body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
        },
        false,
      );
    } catch (err) {
      request.log.error({ err }, 'audit entry not written');
    }
  });
}

/** GET /audit-log filters and page. */
export type AuditQuery = Omit<repo.AuditFilters, 'organizationId'> & {
  page: number;
  size: number;
  platform?: boolean | undefined;
  direction?: 'asc' | 'desc' | undefined;
};

/**
 * The organization's audit log for its OWNER and ADMIN (and SYSTEM_ADMIN); with
 * `platform: true`, the platform entries, for SYSTEM_ADMIN only. Newest first.
 *
 * @throws 403 for a MEMBER, or a non-SYSTEM_ADMIN asking for platform entries; 400 when `from`
 *   is after `to` (an empty window is a mistake in the query, not an answer)
 */
export async function listAuditLog(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  q: AuditQuery,
) {
  const { page, size, platform, direction, ...filters } = q;
  if (platform) requireSystemAdmin(principal);
  else requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  if (filters.from && filters.to && filters.from > filters.to)
    throw badRequest('from must not be after to', {
      errors: [{ field: 'query.from', message: 'must not be after to' }],
    });
  return repo.listAudit(
    ctx.db,
    { ...filters, organizationId: platform ? null : tenant.organizationId },
    {
      page,
      size,
      direction: direction ?? 'desc',
    },
  );
}

/** Deletes entries older than the retention (`SERVICE_AUDIT_RETENTION_DAYS`); 0 keeps them forever. */
export async function purgeExpiredAudit(ctx: Pick<AppContext, 'config' | 'db'>): Promise<number> {
  const days = ctx.config.auditRetentionDays;
  if (days <= 0) return 0;
  return repo.deleteAuditBefore(ctx.db, new Date(Date.now() - days * 86_400_000));
}
