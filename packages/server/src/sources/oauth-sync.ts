/**
 * The listing of an OAuth connection during a sync: pages from the saved cursor and hands the
 * files not yet done to the sync's item handler, which downloads those it keeps.
 */
import type { AppContext } from '../context.js';
import { getSecret } from '../vault/service.js';
import type { ItemHandler } from './items.js';
import { providerOrThrow } from './oauth-providers.js';
import { apiClient, requireReauthorization, TokenError, type Tokens } from './oauth-tokens.js';
import type { ConnectionRow } from './repository.js';
import * as repo from './repository.js';

/**
 * Runs an OAuth connection's listing: pages from the saved cursor and hands each file not yet
 * done on the current page to `handle` with the state that covers it; `handle` downloads it
 * unless the connection ignores it.
 *
 * @returns `REQUIRES_REAUTHORIZATION` when the provider refused the refresh token (the connection
 *   is moved there and the event emitted), else `OK`
 */
export async function runOAuthFetch(
  ctx: Pick<AppContext, 'config' | 'db'>,
  conn: ConnectionRow,
  signal: AbortSignal,
  handle: ItemHandler,
): Promise<'OK' | 'REQUIRES_REAUTHORIZATION'> {
  const provider = providerOrThrow(ctx, conn.provider, 'provider');
  const tokens = (await getSecret(ctx, {
    organizationId: conn.organizationId,
    connectionId: conn.id,
    purpose: 'oauth_tokens',
  })) as Tokens | undefined;
  if (!tokens) {
    await requireReauthorization(ctx, conn, 'no stored authorization');
    return 'REQUIRES_REAUTHORIZATION';
  }
  const api = apiClient(ctx, conn, provider, tokens);
  const fresh = await repo.findConnectionById(ctx.db, conn.id);
  const saved = (fresh?.state ?? {}) as { cursor?: string | null; done?: string[] };
  let cursor = saved.cursor ?? null;
  let done = new Set(saved.done ?? []);
  try {
    for (;;) {
      if (signal.aborted) return 'OK';
      const page = await provider.list(api, cursor);
      for (const file of page.files) {
        if (signal.aborted) return 'OK';
        if (done.has(file.id)) continue;
        done.add(file.id);
        await handle(
          {
            content: file.download,
            filename: file.name,
            mime: file.mime,
            metadata: {
              provider: provider.id,
              remote_id: file.id,
              ...(file.folder ? { folder: file.folder } : {}),
            },
          },
          { cursor, done: [...done] },
        );
      }
      const next = page.nextCursor ?? page.resumeCursor ?? cursor;
      if (next !== cursor || page.nextCursor === null) {
        // The page is finished: the next run starts after it.
        cursor = next;
        done = new Set();
        const saved = await repo.saveState(ctx.db, conn.id, { cursor, done: [] });
        if (!saved) return 'OK';
      }
      if (!page.nextCursor) return 'OK';
    }
  } catch (err) {
    if (
      err instanceof TokenError &&
      (err.code === 'invalid_grant' || err.status === 401 || err.code === 'no_refresh_token')
    ) {
      await requireReauthorization(ctx, conn, `authorization refused by ${provider.name} (${err.code})`);
      return 'REQUIRES_REAUTHORIZATION';
    }
    throw err;
  }
}
