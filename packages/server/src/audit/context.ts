import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request a service call runs for, so `recordAudit` can name the caller and its address
 * without every service passing them along. Outside a request (workers, CLI) there is none.
 */
const current = new AsyncLocalStorage<{ request: FastifyRequest; audited: boolean }>();

/** The running request's audit scope, if any. */
export function auditScope() {
  return current.getStore();
}

/**
 * Runs every request inside its audit scope. Callback style: `done()` continues Fastify's
 * chain (hooks, handler, hooks) inside `run`, so all of it sees the scope.
 */
export function installAuditScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run({ request, audited: false }, done);
  });
}
