import type { AppContext } from '../context.js';
import { loadSourcesSettings } from './settings.js';
import { startSmtpListener } from './smtp.js';
import { startSourceScheduler, stopAllSyncs } from './sync.js';

/**
 * Starts the background parts of the sources domain for a server process: the auto-sync
 * scheduler (when `scheduler` is set) and the inbound SMTP listener (when
 * `SERVICE_SMTP_LISTEN_PORT` is set). Returns a stop function that also aborts and awaits the
 * syncs this process runs.
 */
export async function startSourceServices(
  ctx: AppContext,
  opts: { scheduler: boolean },
): Promise<() => Promise<void>> {
  const settings = loadSourcesSettings();
  const stopScheduler = opts.scheduler ? startSourceScheduler(ctx) : async () => stopAllSyncs(ctx);
  const smtp =
    settings.smtpListenPort !== undefined
      ? await startSmtpListener(ctx, { port: settings.smtpListenPort })
      : undefined;
  return async () => {
    await smtp?.close();
    await stopScheduler();
  };
}
