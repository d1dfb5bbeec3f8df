import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { alertRoutes } from './alerts/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { closeContext, createContext, USER_DIRECTORY } from './app-context.js';
import { installAuditScope } from './audit/context.js';
import { auditRoutes } from './audit/routes.js';
import { installAuditFallback } from './audit/service.js';
import { installAccess, PUBLIC, registerWithAccess } from './auth/access.js';
import { installAuthentication } from './auth/authenticate.js';
import { consoleSessionRoutes } from './auth/routes.js';
import { jwksDto } from './auth/schemas.js';
import { benchmarkRoutes } from './benchmarks/routes.js';
import { benchmarkScoresOf } from './benchmarks/service.js';
import type { Config } from './config.js';
import { registerSecurityHeaders } from './console/security-headers.js';
import { type ConsoleFallback, registerConsole } from './console/static.js';
import type { AppContext } from './context.js';
import { contractRoutes } from './contracts/routes.js';
import { QUERY_CANCELED, runInQueryScope } from './db/cancel.js';
import type { Database } from './db/client.js';
import { documentBulkRoutes } from './documents/bulk-routes.js';
import { documentRoutes } from './documents/routes.js';
import { documentUsage } from './documents/service.js';
import { exportRoutes } from './exports/routes.js';
import { extractionRuleRoutes } from './extraction-rules/routes.js';
import { guideRoutes } from './guides/routes.js';
import { registerCompression } from './http/compression.js';
import { serializeRequest } from './http/log-redaction.js';
import { documentOpenApi } from './http/openapi.js';
import { HttpProblem, problemBody } from './http/problem.js';
import { invitationPage } from './invitations/page.js';
import { invitationRoutes } from './invitations/routes.js';
import { startWorkers } from './jobs/workers.js';
import { marketplaceRoutes } from './marketplace/routes.js';
import { memberRoutes } from './members/routes.js';
import { observeRequest } from './metrics/metrics.js';
import { ontologyRoutes } from './ontology/routes.js';
import { organizationRoutes } from './organizations/routes.js';
import type { QuotaUsageCounters } from './organizations/service.js';
import { countMembers } from './organizations/user-directory.js';
import { countPlugins } from './plugins/records.js';
import { pluginRoutes } from './plugins/routes.js';
import { describePlugins, requireSelectablePlugin } from './plugins/service.js';
import { promptRoutes } from './prompts/routes.js';
import { installRateLimiting, openRateLimiter, refuseRejectedCredential } from './ratelimit/hooks.js';
import { reviewRoutes } from './review/routes.js';
import { savedViewRoutes } from './saved-views/routes.js';
import { countCountedConnections, sourceInOrganization } from './sources/records.js';
import { sourceRoutes } from './sources/routes.js';
import { startSourceServices } from './sources/runtime.js';
import { userRoutes } from './users/routes.js';
import { provisionUser } from './users/service.js';
import { webhookRoutes } from './webhooks/routes.js';

export const API_VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes Spring's `pageable` query (documented as one object parameter). */
    pageable?: boolean;
  }
}

/**
 * Who counts the use of each organization quota (GET /organizations/{orgId}/quotas): the
 * counted domains check organizations' quotas, so organizations gets their counts from here.
 */
const QUOTA_USAGE_COUNTERS: QuotaUsageCounters = {
  documents: documentUsage,
  sources: countCountedConnections,
  plugins: countPlugins,
  members: (db, organizationId) => countMembers(db, USER_DIRECTORY, organizationId),
};

/** How long `/health` waits for the database's answer before it reports it unavailable, in ms. */
const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

/** `promise`, or a rejection after `ms` (the promise itself is not cancelled). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Path of the first string (or key) holding U+0000 in a parsed JSON value, if any. */
function findNul(value: unknown, at: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const where = `${at}.${k}`;
    if (k.includes('\u0000')) return where;
    const hit = findNul(v, where, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

function fieldOf(context: string | undefined, instancePath: string): string {
  const p = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  return [where, p].filter(Boolean).join('.');
}

/** What `buildApp` takes besides the configuration. */
interface BuildAppOptions {
  /** An open database (tests, client generation); by default one from the configuration. */
  database?: Database;
  /** `false`: no logger at all. */
  logger?: boolean;
  /** Document workers to start; by default `config.workers`. */
  workers?: number;
  /** Where the log goes instead of standard output. */
  logStream?: DestinationStream;
}

/**
 * Builds the Fastify application: routes, authentication, RFC 9457 errors and the OpenAPI
 * document at `/openapi.json` (docs page at `/docs`). Routes are registered here and nowhere else.
 */
export async function buildApp(config: Config, opts: BuildAppOptions = {}) {
  const app = createFastify(config, opts);

  // Rate limits (src/ratelimit): Redis is checked first so an unreachable one fails the start-up fast.
  const limiter = await openRateLimiter(config.rateLimit, app.log);

  const ctx = await createContext(config, {
    ...(opts.database ? { database: opts.database } : {}),
    log: app.log,
    queue: true,
  });
  app.decorate('ctx', ctx);
  // A server says at start-up how it isolates plugins (the start-up log line and /health).
  void ctx.plugins.sandbox;
  installQueryScope(app, config);
  if (config.metrics.port !== undefined) installRequestMetrics(app);
  await startBackgroundServices(app, ctx, opts.workers ?? config.workers);
  // CSP, frame and referrer policy, nosniff (HSTS over HTTPS) on every answer (console/security-headers.ts).
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  // Answers in Brotli or gzip when asked; coded request bodies refused (http/compression.ts).
  await registerCompression(app);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });

  installErrorHandler(app, config);
  // The web console's SPA fallback (src/console/static.ts), set once the console is registered.
  let consoleFallback: ConsoleFallback = () => false;
  app.setNotFoundHandler((req, reply) => {
    if (consoleFallback(req, reply)) return;
    reply
      .code(404)
      .type('application/problem+json')
      .send(problemBody(404, `No route for ${req.method} ${req.url.split('?')[0]}`));
  });
  installBodyChecks(app);

  // Must come before the authentication hook: anonymous traffic is limited before any key look-up,
  // and a rejected credential from an address over its failed-authentication budget is a 429.
  if (limiter) installRateLimiting(app, ctx, limiter);

  // Audit: every request runs in its scope; calls no service audited get an entry afterwards.
  installAuditScope(app);
  installAuditFallback(app, ctx);
  installAuthentication(app, ctx, provisionUser, limiter ? refuseRejectedCredential : undefined);
  // Before the first route: every route declares its access (auth/access.ts), handlers read req.auth.
  installAccess(app, ctx);

  await registerOpenApi(app, config);
  healthRoute(app, ctx);
  jwksRoute(app, ctx);

  await app.register(invitationPage(ctx));
  await app.register(guideRoutes());
  consoleFallback = await registerConsole(app);
  await registerApiRoutes(app, ctx);
  return app;
}

/** The Fastify instance with its logger, limits and the Zod validator and serializer. */
function createFastify(config: Config, opts: BuildAppOptions) {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Invitation tokens and credential query parameters never reach the access log.
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Fastify's overloads need the literal types; the value is validated in config.ts.
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 2 * 1024 * 1024,
    // Path parameters are bounded by their schemas (e.g. a 200-character token, percent-encoded UTF-8).
    routerOptions: { maxParamLength: 4096 },
    // Long query strings (OAuth callbacks) are validated by their schemas, not cut off by the HTTP parser.
    http: { maxHeaderSize: 128 * 1024 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** The application as `createFastify` makes it (Zod type provider). */
type ServerApp = ReturnType<typeof createFastify>;

/** Each answered request in `service_http_request_duration_seconds`, by its route's template. */
function installRequestMetrics(app: ServerApp): void {
  app.addHook('onResponse', (req, reply, done) => {
    observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Statements of a request run in its query scope (db/cancel.ts): cancelled when the client goes
 * away before the answer, or when the request's time for statements is up.
 */
function installQueryScope(app: ServerApp, config: Config): void {
  const timeoutMs = config.requestQueryTimeoutSeconds * 1000;
  app.addHook('onRequest', (_req, reply, done) => {
    // One controller and one timer, cleared when the exchange ends: `AbortSignal.any` over
    // `AbortSignal.timeout` made a composite signal (weak references, a finalizer) and a timer
    // that outlived the request, for every request (decision 621).
    const controller = new AbortController();
    const timer =
      timeoutMs > 0
        ? setTimeout(
            () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
            timeoutMs,
          ).unref()
        : undefined;
    reply.raw.once('close', () => {
      clearTimeout(timer);
      // Closed before the answer was sent: nobody waits for it (after it, e.g. an onResponse
      // audit write still runs).
      if (!reply.sent) controller.abort(new Error('the client went away'));
    });
    runInQueryScope({ signal: controller.signal }, done);
  });
}

/**
 * Starts `workers` document workers and the sources' services; when the app closes they stop
 * and the context closes.
 */
async function startBackgroundServices(app: ServerApp, ctx: AppContext, workers: number): Promise<void> {
  const stopWorkers = workers > 0 ? await startWorkers(ctx, workers) : async () => undefined;
  // Sources: the SMTP listener when SERVICE_SMTP_LISTEN_PORT is set (syncs and polling are jobs).
  const stopSources = await startSourceServices(ctx);
  app.addHook('onClose', async () => {
    await stopSources();
    await stopWorkers();
    await closeContext(ctx);
  });
}

/**
 * Every error as an RFC 9457 problem: schema validation 400 (with the fields), HttpProblem, a
 * cancelled statement 503, a unique-index conflict 409, other 4xx as they are, the rest 500.
 */
function installErrorHandler(app: ServerApp, config: Config): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: fieldOf(err.validationContext, v.instancePath),
        message: v.message ?? 'invalid',
      }));
      const detail = `Invalid request: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`;
      return reply
        .code(400)
        .type('application/problem+json')
        .send(problemBody(400, detail, { errors }));
    }
    if (err instanceof HttpProblem) {
      if (err.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      // Quotas and rate limits (429) say when to come back (RFC 9110 §10.2.3).
      if (err.status === 429 && typeof err.extra.retry_after_seconds === 'number') {
        reply.header('Retry-After', String(err.extra.retry_after_seconds));
      }
      return reply
        .code(err.status)
        .type('application/problem+json')
        .send(problemBody(err.status, err.detail, err.extra));
    }
    // A unique index refused a row another request inserted first: a conflict, not a crash.
    const pgCode =
      (err as { code?: string; cause?: { code?: string } }).code ??
      (err as { cause?: { code?: string } }).cause?.code;
    if (pgCode === QUERY_CANCELED) {
      // Cancelled by the request's query scope (db/cancel.ts): its time was up (or nobody listens).
      return reply
        .code(503)
        .header('Retry-After', '5')
        .type('application/problem+json')
        .send(
          problemBody(
            503,
            `The request's database work took longer than ${config.requestQueryTimeoutSeconds} s and was cancelled; narrow it (fewer or more specific search words, filters) or retry`,
          ),
        );
    }
    if (pgCode === '23505') {
      return reply
        .code(409)
        .type('application/problem+json')
        .send(problemBody(409, 'The request conflicts with a resource that already exists'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).type('application/problem+json').send(problemBody(status, err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .type('application/problem+json')
      .send(problemBody(500, 'An unexpected error occurred'));
  });
}

/** problem+json request bodies parse as JSON; NUL characters anywhere in the input are a 400. */
function installBodyChecks(app: ServerApp): void {
  // Fastify answers JSON only with a JSON content type; an empty body on a POST without one is fine.
  const json = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/problem+json', { parseAs: 'string' }, json);
  // Clients that send `Content-Type: application/json` on every call (curl scripts, some SDKs) also
  // send it on a DELETE or a bodiless POST: no body is no body there, not a 400 "Body cannot be
  // empty"; a route that needs a body still answers 400 from its schema.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else json(req, text, done);
  });

  // PostgreSQL text cannot hold NUL; refuse it with a 400 instead of failing in the database.
  app.addHook('preValidation', async (req) => {
    const bad = findNul(req.body, 'body') ?? findNul(req.query, 'query') ?? findNul(req.params, 'params');
    if (bad)
      throw new HttpProblem(400, `${bad} contains a NUL character`, {
        errors: [{ field: bad, message: 'NUL characters are not allowed' }],
      });
  });
}

/** The OpenAPI document (`/openapi.json`) and its docs page (`/docs`). */
async function registerOpenApi(app: ServerApp, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Document Intelligence Service API',
        version: API_VERSION,
        description:
          'Multi-tenant document intelligence: tenancy, identity, documents, contracts and webhooks. ' +
          'Authenticate with `Authorization: Bearer <API key or access token>`. Errors are RFC 9457 problem details.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (dis_…) or a JWT access token from a trusted issuer',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => documentOpenApi(jsonSchemaTransformObject(documentObject)),
  });
  await registerWithAccess(app, PUBLIC, fastifySwaggerUi, { routePrefix: '/docs' });

  app.get('/openapi.json', { schema: { hide: true }, config: { access: PUBLIC } }, async () => app.swagger());
}

/** GET /health: liveness and database reachability. */
function healthRoute(app: ServerApp, ctx: AppContext): void {
  app.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Operations'],
        summary: 'Liveness and database reachability',
        description:
          'Readiness: 200 while the database answers; 503 with `status: "database unavailable"` while it does not (a restart or outage, which the server survives and reconnects after).',
        security: [],
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['postgres', 'pglite']),
            plugin_sandbox: z.enum(['bwrap', 'unavailable', 'disabled-unsafe']),
            plugin_memory_limit: z
              .enum(['cgroup-v2', 'rlimit'])
              .describe(
                "how a plugin runtime's memory is bounded: its own cgroup v2 (memory.max, pids.max), or its rlimits and tmpfs sizes",
              ),
          }),
          503: z.object({
            status: z.literal('database unavailable'),
            database: z.enum(['postgres', 'pglite']),
            plugin_sandbox: z.enum(['bwrap', 'unavailable', 'disabled-unsafe']),
            plugin_memory_limit: z.enum(['cgroup-v2', 'rlimit']),
            error: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const answer = {
        database: ctx.database.kind,
        plugin_sandbox: ctx.plugins.sandbox.state,
        plugin_memory_limit: ctx.plugins.sandbox.memoryLimit ?? ('rlimit' as const),
      };
      try {
        await withTimeout(ctx.database.query('select 1'), HEALTH_DATABASE_TIMEOUT_MS);
      } catch (err) {
        return reply.code(503).send({
          status: 'database unavailable' as const,
          ...answer,
          error: err instanceof Error ? err.message : String(err),
        });
      }
      return { status: 'ok' as const, ...answer };
    },
  );
}

/** GET /.well-known/jwks.json: the local token issuer's public keys. */
function jwksRoute(app: ServerApp, ctx: AppContext): void {
  app.get(
    '/.well-known/jwks.json',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Operations'],
        summary: 'Public keys of the local token issuer (RFC 7517)',
        security: [],
        response: { 200: jwksDto },
      },
    },
    async () => (ctx.localIssuer ? ctx.localIssuer.jwks() : { keys: [] }),
  );
}

/** The versioned API under /api/v1 and the overview collections of spec 4.1 under /api. */
async function registerApiRoutes(app: ServerApp, ctx: AppContext): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(apiKeyRoutes(ctx));
      await api.register(consoleSessionRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(
        organizationRoutes(ctx, {
          usageCounters: QUOTA_USAGE_COUNTERS,
          requireSelectablePlugin,
          describePlugins,
        }),
      );
      await api.register(memberRoutes(ctx));
      await api.register(invitationRoutes(ctx));
      await api.register(documentRoutes(ctx, { benchmarkScoresOf, sourceInOrganization }));
      await api.register(documentBulkRoutes(ctx));
      await api.register(reviewRoutes(ctx));
      await api.register(ontologyRoutes(ctx));
      await api.register(pluginRoutes(ctx));
      await api.register(sourceRoutes(ctx));
      await api.register(marketplaceRoutes(ctx));
      await api.register(webhookRoutes(ctx));
      await api.register(promptRoutes(ctx));
      await api.register(savedViewRoutes(ctx));
      await api.register(auditRoutes(ctx));
      await api.register(exportRoutes(ctx));
      await api.register(extractionRuleRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );
  // Overview collections of spec 4.1: no version segment.
  await app.register(
    async (api) => {
      await api.register(contractRoutes(ctx));
      await api.register(benchmarkRoutes(ctx));
      await api.register(alertRoutes(ctx));
    },
    { prefix: '/api' },
  );
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type { FastifyInstance };
