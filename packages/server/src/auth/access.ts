import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { AppContext } from '../context.js';
import type { Principal, Role, Tenant } from './principal.js';
import { principalOf, tenantOf } from './request.js';
import { requireRole, requireSystemAdmin } from './tenancy.js';

/**
 * What a route needs of its caller, declared in its options (`config: { access }`), in the manner
 * of Polar's `auth_subject` dependencies:
 *
 * - `'public'`: no credential is read (the authentication hook skips the route); `req.auth` is empty.
 * - `{ principal: true }`: an authenticated caller (401 without one), as `req.auth.principal`.
 * - `tenant: true`: also the active organization (DESIGN.md §4) as `req.auth.tenant`, resolved
 *   before the handler (403 for a foreign or malformed `X-Organization-Id`, or no organization).
 * - `role`: the caller must be a SYSTEM_ADMIN, or hold one of the roles in the active
 *   organization (403 naming them). Declared only where the service's first act is the very same
 *   check, which stays there: the services remain the authority on roles.
 */
export type Access =
  | 'public'
  | { readonly principal: true; readonly tenant?: false; readonly role?: 'SYSTEM_ADMIN' }
  | { readonly principal: true; readonly tenant: true; readonly role?: 'SYSTEM_ADMIN' | readonly Role[] };

/** The caller and active organization of a request, as its route's {@link Access} declares them. */
export interface RequestAuth {
  /** @throws Error (500) on a route that does not declare `principal` */
  readonly principal: Principal;
  /** @throws Error (500) on a route that does not declare `tenant` */
  readonly tenant: Tenant;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before the handler runs, from the route's declared access. */
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (see {@link Access}). */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (HEAD routes included). */
    readonly accessTable: readonly RouteAccess[];
  }
}

/** A route of the app and the access it declares (`undefined` when it declares none). */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

/** No credential. */
export const PUBLIC = 'public' satisfies Access;
/** An authenticated caller. */
export const PRINCIPAL = { principal: true } as const satisfies Access;
/** An authenticated caller acting in its active organization. */
export const TENANT = { principal: true, tenant: true } as const satisfies Access;
/** A SYSTEM_ADMIN (platform-wide, no organization needed). */
export const SYSTEM_ADMIN = { principal: true, role: 'SYSTEM_ADMIN' } as const satisfies Access;

/** A caller holding one of `roles` in the active organization (a SYSTEM_ADMIN passes too). */
export function tenantRole(...roles: Role[]): Access {
  return { principal: true, tenant: true, role: roles };
}

/** An OWNER or ADMIN of the active organization (the write role of most resources). */
export const TENANT_ADMIN = tenantRole('OWNER', 'ADMIN');
/** The OWNER of the active organization (exports). */
export const TENANT_OWNER = tenantRole('OWNER');

/** Whether a request's route declares itself public (the authentication hook skips it). */
export function isPublicRoute(req: FastifyRequest): boolean {
  return req.routeOptions.config.access === 'public';
}

/** `access` in one short phrase: `public`, `principal`, `tenant`, `tenant OWNER|ADMIN`, `principal SYSTEM_ADMIN`. */
export function describeAccess(access: Access | undefined): string {
  if (access === undefined) return 'UNDECLARED';
  if (access === 'public') return 'public';
  const base = access.tenant ? 'tenant' : 'principal';
  if (!access.role) return base;
  return `${base} ${typeof access.role === 'string' ? access.role : access.role.join('|')}`;
}

function undeclared(route: string, part: keyof RequestAuth): never {
  throw new Error(`${route} reads req.auth.${part} but its access does not declare it`);
}

function authOf(route: string, principal: Principal | undefined, tenant: Tenant | undefined): RequestAuth {
  return {
    get principal() {
      return principal ?? undeclared(route, 'principal');
    },
    get tenant() {
      return tenant ?? undeclared(route, 'tenant');
    },
  };
}

/**
 * Resolves the route's declared access for `req`: the principal (set by the authentication
 * hook), then the tenant, then the role, in the order the handlers used to ask for them, so
 * every status and problem body is what it was.
 *
 * @throws HttpProblem 401 without a principal; 403 from the tenant resolution or role check
 */
async function resolveAccess(
  ctx: Pick<AppContext, 'db' | 'principals'>,
  req: FastifyRequest,
): Promise<RequestAuth> {
  const access = req.routeOptions.config.access;
  const route = `${req.method} ${req.routeOptions.url}`;
  if (access === undefined || access === 'public') return authOf(route, undefined, undefined);
  const principal = principalOf(req);
  const tenant = access.tenant ? await tenantOf(ctx, req) : undefined;
  if (access.role === 'SYSTEM_ADMIN') requireSystemAdmin(principal);
  else if (access.role) requireRole(principal, tenant?.role ?? null, access.role);
  return authOf(route, principal, tenant);
}

function declarationErrors(table: readonly RouteAccess[]): string[] {
  const errors: string[] = [];
  for (const { method, url, access } of table) {
    if (access === undefined) errors.push(`${method} ${url} declares no access`);
    // The authentication hook reads credentials on /api/ routes only.
    else if (access !== 'public' && !url.startsWith('/api/'))
      errors.push(`${method} ${url} needs a caller but lies outside /api/, where nobody authenticates it`);
  }
  return errors;
}

/**
 * Installs declared access on the root instance, before any route is registered: records every
 * route with its declaration (`app.accessTable`), refuses to start (onReady) while a route
 * declares none, and resolves each request's `req.auth` in a preHandler (after validation, so a
 * 400 comes first as before).
 *
 * @throws Error from `app.ready()` naming the routes without a declaration
 */
export function installAccess(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'principals'>): void {
  const routes: { method: string; url: string; route: RouteOptions }[] = [];
  app.decorateRequest('principal', null);
  app.decorateRequest('tenantPromise', null);
  app.decorateRequest('auth', null as unknown as RequestAuth);
  app.decorate('accessTable', {
    getter: () => routes.map(({ method, url, route }) => ({ method, url, access: route.config?.access })),
  });
  // The route options object is kept, not its access: a scope's own onRoute hook (registerWithAccess)
  // runs after this one and may declare it still. The url is copied: Fastify reuses the object
  // for the `/prefix/` twin of a route at `/prefix`, which shares its options.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, route });
  });
  app.addHook('onReady', async () => {
    const errors = declarationErrors(app.accessTable);
    if (errors.length > 0) throw new Error(`Routes must declare their access:\n${errors.join('\n')}`);
  });
  app.addHook('preHandler', async (req) => {
    req.auth = await resolveAccess(ctx, req);
  });
}

/**
 * Registers a third-party plugin whose routes take no options of ours (static files, the docs
 * UI), declaring `access` for each route it adds.
 */
export async function registerWithAccess<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  access: Access,
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
  opts: NoInfer<O>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? access };
    });
    await scope.register(plugin, opts);
  });
}
