import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import { sha256Hex } from '../blobs/store.js';
import type { AppContext } from '../context.js';
import { refreshStatistics } from '../db/statistics.js';
import { refreshSearchIndex } from '../documents/service.js';
import { HttpProblem, notFound } from '../http/problem.js';
import { findOrganizationByRef, getActiveOrganization } from '../organizations/service.js';
import { ImportError, importArchive, writeArchive } from './archive.js';
import * as repo from './repository.js';

export type { ExportRow } from './repository.js';

/**
 * How long one attempt of the export job may run before the queue gives up on it: the
 * `organization.export` queue's `expireInSeconds` (jobs/queue.ts creates the queue with this function).
 */
export function exportJobTimeoutSeconds(config: Pick<AppContext['config'], 'jobExpireSeconds'>): number {
  return Math.max(config.jobExpireSeconds, 3600);
}

/**
 * POST /exports: the OWNER starts an export of the active organization; a queued job writes the
 * archive (docs/export.md). One export runs at a time per organization: each reads every table
 * and holds the archive in the worker's memory, and a second one at once would only repeat it.
 * An export not started or not finished within its job's time limit
 * ({@link exportJobTimeoutSeconds}) no longer counts: it is marked FAILED (its process stopped),
 * so a crash never blocks exports for good.
 *
 * @throws 403 unless OWNER; 409 naming the export in progress (also as `export_id`)
 */
export async function startExport(
  ctx: Pick<AppContext, 'config' | 'db' | 'queue'>,
  principal: Principal,
  tenant: Tenant,
) {
  requireRole(principal, tenant.role, ['OWNER']);
  const timeout = exportJobTimeoutSeconds(ctx.config);
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockOrganizationExports(tx, tenant.organizationId);
    await repo.failStaleExports(
      tx,
      tenant.organizationId,
      new Date(Date.now() - timeout * 1000),
      `abandoned: not finished within the job's time limit (${timeout} s); the process running it stopped`,
    );
    const running = await repo.findExportInProgress(tx, tenant.organizationId);
    if (running) {
      throw new HttpProblem(
        409,
        `Export ${running.id} of this organization is ${running.status} (requested ${running.createdAt.toISOString()}); ` +
          'wait for it to finish, then download it or start another',
        { export_id: running.id },
      );
    }
    const inserted = await repo.insertExport(tx, {
      organizationId: tenant.organizationId,
      requestedBy: principal.user.id,
    });
    await recordAudit(tx, {
      organizationId: tenant.organizationId,
      action: 'export.create',
      resourceType: 'export',
      resourceId: inserted.id,
    });
    return inserted;
  });
  await ctx.queue?.enqueueExport(row.id);
  return row;
}

/** @throws 403 unless OWNER; 404 for an unknown export or another organization's */
export async function getExport(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, ['OWNER']);
  const row = await repo.findExport(ctx.db, tenant.organizationId, id);
  if (!row) throw notFound('Export');
  return row;
}

export async function listExports(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  p: { page: number; size: number },
) {
  requireRole(principal, tenant.role, ['OWNER']);
  return repo.listExports(ctx.db, tenant.organizationId, p);
}

/**
 * The archive of a finished export.
 *
 * @throws 409 while it is not SUCCEEDED; 410 once it expired
 */
export async function exportArchive(
  ctx: Pick<AppContext, 'blobs' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const row = await getExport(ctx, principal, tenant, id);
  if (row.status !== 'SUCCEEDED' || !row.archiveSha256) {
    throw new HttpProblem(409, `The export is ${row.status}; download it once it has SUCCEEDED`);
  }
  if (row.expiresAt && row.expiresAt.getTime() < Date.now())
    throw new HttpProblem(410, 'The export has expired');
  return { row, bytes: await ctx.blobs.get(row.organizationId, row.archiveSha256) };
}

/**
 * The export job: writes the archive into the blob store and marks the export SUCCEEDED, or
 * FAILED with the reason on the last attempt. Idempotent: a finished export is left alone.
 */
export async function runExport(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db'>,
  id: string,
  meta: { retryCount: number; retryLimit: number },
) {
  const row = await repo.findExportById(ctx.db, id);
  if (!row || row.status === 'SUCCEEDED' || row.status === 'FAILED') return;
  await repo.updateExport(ctx.db, id, { status: 'RUNNING', startedAt: new Date(), error: null });
  try {
    const org = await getActiveOrganization(ctx, { organizationId: row.organizationId, role: null });
    const { bytes, counts } = await writeArchive(ctx.db, ctx.blobs, {
      id: org.id,
      name: org.name,
      slug: org.slug,
    });
    const sha = sha256Hex(bytes);
    await ctx.blobs.put(row.organizationId, sha, bytes);
    const finished = new Date();
    await repo.updateExport(ctx.db, id, {
      status: 'SUCCEEDED',
      archiveSha256: sha,
      sizeBytes: bytes.length,
      counts,
      finishedAt: finished,
      expiresAt: new Date(finished.getTime() + ctx.config.exportRetentionDays * 86_400_000),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const last = meta.retryCount >= meta.retryLimit;
    await repo.updateExport(ctx.db, id, {
      status: last ? 'FAILED' : 'PENDING',
      error: reason,
      ...(last ? { finishedAt: new Date() } : {}),
    });
    if (!last) throw err;
  }
}

/** Deletes the archives of expired exports (the rows stay, reading as expired). */
export async function purgeExpiredExports(ctx: Pick<AppContext, 'blobs' | 'db'>): Promise<number> {
  const expired = await repo.expiredExports(ctx.db, new Date());
  for (const row of expired) {
    if (row.archiveSha256) await ctx.blobs.delete(row.organizationId, row.archiveSha256);
    await repo.updateExport(ctx.db, row.id, { archiveSha256: null });
  }
  return expired.length;
}

/**
 * `service-server import`: restores an export archive into an existing, empty organization of
 * this instance (named by id or slug).
 *
 * @throws ImportError for an unknown organization or an archive that cannot be imported
 */
export async function importOrganization(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'database' | 'db'>,
  archivePath: string,
  organizationRef: string,
) {
  const org = await findOrganizationByRef(ctx, organizationRef);
  if (!org) throw new ImportError(`no organization ${organizationRef}`);
  const counts = await importArchive(ctx.db, ctx.blobs, archivePath, org.id, {
    maxFileBytes: ctx.config.uploadMaxBytes,
    afterInsert: async (tx, documentIds) => {
      await refreshSearchIndex(tx, documentIds);
      await recordAudit(tx, {
        organizationId: org.id,
        action: 'organization.import',
        resourceType: 'organization',
        resourceId: org.id,
        changes: { archive: archivePath, documents: documentIds.length },
      });
    },
  });
  // Thousands of rows at once: planned from real statistics from the next query on.
  await refreshStatistics(ctx.database);
  return { organization: org, counts };
}
