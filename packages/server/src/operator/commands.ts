import { issueApiKeyForUser } from '../api-keys/service.js';
import type { AppContext } from '../context.js';
import { bootstrapSystemAdmin } from '../users/service.js';

/**
 * Where an operator command writes: lines for stdout and stderr, and progress of long work
 * (rendered as a progress bar by the CLI). The same command runs in the CLI's own process or, when a
 * server owns the embedded database, inside that server (src/operator/socket.ts) with its output
 * streamed back.
 */
export interface OperatorIO {
  out(line: string): void;
  err(line: string): void;
  progress(label: string, done: number, total: number): void;
}

/** An operator command: runs against a context and returns the process exit code. */
export type OperatorCommand = (
  ctx: AppContext,
  args: Record<string, unknown>,
  io: OperatorIO,
) => Promise<number>;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** `admin bootstrap`: creates or finds a user, makes it SYSTEM_ADMIN, prints a new API key. */
const bootstrap: OperatorCommand = async (ctx, args, io) => {
  const email = String(args.email).toLowerCase();
  const user = await bootstrapSystemAdmin(ctx, email, str(args.name));
  const { key } = await issueApiKeyForUser(ctx, user.id, 'bootstrap');
  io.out(
    args.json
      ? JSON.stringify({ user_id: user.id, email: user.email, api_key: key })
      : `SYSTEM_ADMIN ${user.email} (${user.id})\nAPI key (shown once): ${key}`,
  );
  return 0;
};

/** `auth token`: a bearer token (JWT) from the local issuer. */
const token: OperatorCommand = async (ctx, args, io) => {
  if (!ctx.localIssuer) {
    io.err('error: the local issuer is disabled (SERVICE_AUTH_LOCAL_ISSUER=false)');
    return 2;
  }
  const email = String(args.email).toLowerCase();
  const jwt = await ctx.localIssuer.sign(
    { sub: str(args.subject) ?? `local|${email}`, email, name: str(args.name) },
    typeof args.ttl === 'number' ? args.ttl : ctx.config.tokenTtlSeconds,
  );
  io.out(jwt);
  return 0;
};

/** `marketplace import <file>`: registers entitlements from a JSON or CSV file. */
const marketplaceImport: OperatorCommand = async (ctx, args, io) => {
  const { importEntitlements } = await import('../marketplace/import.js');
  const outcomes = await importEntitlements(ctx, String(args.file), (done, total) =>
    io.progress('importing entitlements', done, total),
  );
  for (const o of outcomes) {
    if (args.json) io.out(JSON.stringify(o));
    else if (o.result === 'error') io.err(`record ${o.record}: ${o.error}`);
  }
  const count = (r: string) => outcomes.filter((o) => o.result === r).length;
  io.out(
    `imported ${outcomes.length} records: ${count('created')} created, ${count('updated')} updated, ${count('error')} failed`,
  );
  return count('error') > 0 ? 1 : 0;
};

/** `vault rotate`: re-wraps every data key under the current master key. */
const vaultRotate: OperatorCommand = async (ctx, args, io) => {
  const { rotateVault } = await import('../vault/service.js');
  const report = await rotateVault(ctx, 200, (done, total) =>
    io.progress('re-wrapping data keys', done, total),
  );
  io.out(
    args.json
      ? JSON.stringify(report)
      : `current key ${report.current_key_id}: ${report.rewrapped} re-wrapped, ${report.already_current} already current, ${report.failed.length} failed`,
  );
  for (const f of report.failed) io.err(`secret ${f.id} (key ${f.key_id}): ${f.error}`);
  return report.failed.length > 0 ? 1 : 0;
};

/** `import <archive>`: restores an organization export into an existing, empty organization. */
const organizationImport: OperatorCommand = async (ctx, args, io) => {
  const { importOrganization } = await import('../exports/service.js');
  const { ImportError } = await import('../exports/archive.js');
  try {
    const { organization, counts } = await importOrganization(
      ctx,
      String(args.archive),
      String(args.organization),
    );
    io.out(
      args.json
        ? JSON.stringify({ organization_id: organization.id, counts })
        : `restored into ${organization.slug}: ${Object.entries(counts)
            .map(([type, n]) => `${n} ${type}`)
            .join(', ')}`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    io.err(`import failed: ${err.message}`);
    return 1;
  }
};

/** The commands a running server accepts on its operator socket, by name. */
export const operatorCommands: Record<string, OperatorCommand> = {
  'admin bootstrap': bootstrap,
  'auth token': token,
  'marketplace import': marketplaceImport,
  'vault rotate': vaultRotate,
  import: organizationImport,
};
