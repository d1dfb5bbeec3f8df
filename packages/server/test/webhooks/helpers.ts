import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { eventDeliveries, eventDeliveryAttempts } from '../../src/db/schema.js';
import { type EventType, emitEvent } from '../../src/events/outbox.js';
import { setWebhookSettings } from '../../src/webhooks/settings.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** Fast settings for tests: private addresses allowed, short schedule, quick polling. */
export const FAST_WEBHOOKS: Record<string, string> = {
  SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true',
  SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,1,1,1',
  SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE: '0,0.5',
  SERVICE_WEBHOOK_POLL_MS: '50',
  SERVICE_WEBHOOK_TIMEOUT_SECONDS: '3',
};

/**
 * A test app whose webhook settings come from `env` (createTestApp passes overrides to the
 * platform config only; the webhook settings are per context, see src/webhooks/settings.ts).
 */
export async function createWebhookApp(env: Record<string, string> = FAST_WEBHOOKS) {
  const made = await createTestApp(env);
  setWebhookSettings(made.app.ctx, env);
  return made;
}

/** Emits an event in its own transaction, as a domain service would with its change. */
export async function emit(
  app: TestApp,
  organizationId: string,
  type: EventType,
  data: Record<string, unknown> = {},
) {
  return app.ctx.db.transaction((tx) => emitEvent(tx, { organizationId, type, data }));
}

export interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The payload parsed by `Webhook.verify`, or the verification error. */
  verified: unknown;
  verifyError?: string;
}

export type Responder = (
  req: Received,
  n: number,
) => { status: number; headers?: Record<string, string>; body?: string };

/**
 * A real HTTP receiver on 127.0.0.1 that verifies every request with the `standardwebhooks`
 * library (against `secrets`, any of which may match) and answers with `respond`.
 */
export class Receiver {
  readonly requests: Received[] = [];
  secrets: string[] = [];
  respond: Responder = () => ({ status: 200, body: 'ok' });
  private server: http.Server | undefined;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        );
        const received: Received = { at: Date.now(), headers: req.headers, body, verified: undefined };
        const errors: string[] = [];
        for (const secret of this.secrets) {
          try {
            received.verified = new Webhook(secret).verify(body, headers);
            break;
          } catch (err) {
            errors.push((err as Error).message);
          }
        }
        if (received.verified === undefined) received.verifyError = errors.join('; ') || 'no secret';
        this.requests.push(received);
        const answer = this.respond(received, this.requests.length);
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.headers ?? {}) });
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A port nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitFor<T>(
  check: () => Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<Exclude<T, false | undefined | null>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | undefined | null>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The delivery of an event to a target, with its attempts oldest first. */
export async function deliveryOf(app: TestApp, eventId: string) {
  const rows = await app.ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, eventId));
  const out = [];
  for (const d of rows) {
    const attempts = await app.ctx.db
      .select()
      .from(eventDeliveryAttempts)
      .where(eq(eventDeliveryAttempts.deliveryId, d.id))
      .orderBy(eventDeliveryAttempts.attemptedAt);
    out.push({ ...d, attempts });
  }
  return out;
}
