/**
 * The metrics listener: `GET /metrics` on an address of its own (`SERVICE_METRICS_HOST`,
 * `SERVICE_METRICS_PORT`), apart from the API, so that it is reachable by the operator's scraper
 * and never through the API's public address, and a scrape is not counted by the API's rate
 * limits or its own request metrics.
 */
import Fastify from 'fastify';
import { collectProcessMetrics, renderMetrics } from './metrics.js';

/** A started metrics listener. */
export interface MetricsListener {
  /** `http://host:port`, the port the system chose when 0 was asked. */
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the process collectors and listens on `host`:`port` (0: any free port).
 *
 * @throws Error when the address cannot be bound (in use, not local)
 */
export async function startMetricsListener(host: string, port: number): Promise<MetricsListener> {
  collectProcessMetrics();
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_req, reply) => {
    const { body, contentType } = await renderMetrics();
    return reply.type(contentType).send(body);
  });
  const url = await app.listen({ host, port });
  return { url, close: () => app.close() };
}
