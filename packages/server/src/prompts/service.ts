import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/problem.js';
import * as repo from './repository.js';

export type { PromptRow, PromptSummaryRow } from './repository.js';

/** Roles that write prompts; every member reads them (spec 4.11). */
const WRITE_ROLES = ['OWNER', 'ADMIN'] as const;

/**
 * PUT /prompts/{prompt_id}: stores `text` as the next version of the prompt (1 for a new one),
 * which get_prompt answers from then on. A text identical to the latest version stores nothing
 * and answers that version.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN
 */
export async function putPrompt(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  promptId: string,
  text: string,
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  return ctx.db.transaction(async (tx) => {
    await repo.lockPrompt(tx, tenant.organizationId, promptId);
    const latest = await repo.findLatest(tx, tenant.organizationId, promptId);
    if (latest && latest.text === text) return latest;
    return repo.insertVersion(tx, {
      organizationId: tenant.organizationId,
      promptId,
      version: (latest?.version ?? 0) + 1,
      text,
    });
  });
}

/** GET /prompts: a page of the tenant's prompts with their latest version. */
export async function listPrompts(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  p: Parameters<typeof repo.listPrompts>[2],
) {
  return repo.listPrompts(ctx.db, tenant.organizationId, p);
}

/** The latest version of a prompt. @throws HttpProblem 404 when absent or another tenant's */
export async function getPrompt(ctx: Pick<AppContext, 'db'>, tenant: Tenant, promptId: string) {
  const row = await repo.findLatest(ctx.db, tenant.organizationId, promptId);
  if (!row) throw notFound('Prompt');
  return row;
}

/** Versions of a prompt, newest first. @throws HttpProblem 404 when absent or another tenant's */
export async function listPromptVersions(ctx: Pick<AppContext, 'db'>, tenant: Tenant, promptId: string) {
  const rows = await repo.listVersions(ctx.db, tenant.organizationId, promptId);
  if (rows.length === 0) throw notFound('Prompt');
  return rows;
}

/** One version of a prompt. @throws HttpProblem 404 when the prompt or the version is absent */
export async function getPromptVersion(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  promptId: string,
  version: number,
) {
  const row = await repo.findVersion(ctx.db, tenant.organizationId, promptId, version);
  if (!row) throw notFound('Prompt version');
  return row;
}

/**
 * DELETE /prompts/{prompt_id}: removes every version; get_prompt then raises PromptNotFound.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function deletePrompt(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  promptId: string,
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const deleted = await ctx.db.transaction(async (tx) => {
    await repo.lockPrompt(tx, tenant.organizationId, promptId);
    return repo.deletePrompt(tx, tenant.organizationId, promptId);
  });
  if (deleted === 0) throw notFound('Prompt');
}
