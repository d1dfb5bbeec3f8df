import type { AppContext } from '../context.js';
import { startDevProvider } from './dev-provider.js';
import { registerProvider } from './oauth.js';
import { startSmtpListener } from './smtp.js';
import { stopAllSyncs } from './sync.js';

/**
 * Starts the background parts of the sources domain for a server process: the inbound SMTP
 * listener (when `SERVICE_SMTP_LISTEN_PORT` is set) and the local OAuth development provider
 * when `SERVICE_OAUTH_DEV_PROVIDER` is set. Auto-sync polling and the syncs themselves are jobs
 * on the queue (jobs/workers.ts). Returns a stop function that also aborts and awaits the syncs
 * this process runs (recorded ABORTED).
 */
export async function startSourceServices(ctx: AppContext): Promise<() => Promise<void>> {
  const settings = ctx.config.sources;
  const smtp =
    settings.smtpListenPort !== undefined
      ? await startSmtpListener(ctx, { port: settings.smtpListenPort })
      : undefined;
  const dev = settings.devProvider ? await startDevProvider(settings.devProvider) : undefined;
  const unregister = dev ? registerProvider(dev.provider) : () => undefined;
  if (dev) {
    ctx.log.info(
      { url: dev.url, files: dev.files, dir: settings.devProvider?.filesDir },
      'local OAuth development provider enabled (SERVICE_OAUTH_DEV_PROVIDER): every authorization is approved; not for production',
    );
  }
  return async () => {
    unregister();
    await dev?.close();
    await smtp?.close();
    await stopAllSyncs(ctx);
  };
}
