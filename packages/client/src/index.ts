/**
 * Typed client of the Document Intelligence Service: openapi-fetch over the `paths` types that
 * openapi-typescript generates from `/openapi.json` (src/schema.d.ts, `npm run generate:client`).
 *
 * @example
 * const api = createServiceClient({ baseUrl: 'http://localhost:8080', token: 'dis_…', organizationId });
 * const { data, error } = await api.GET('/api/v1/documents', { params: { query: { pageable: { page: 0, size: 20 } } } });
 * // error is the RFC 9457 problem body (`detail` says what is wrong) when the status is 4xx/5xx
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
/** A schema of the document's `components.schemas`, e.g. `Schema<'Document'>`. */
export type Schema<K extends keyof components['schemas']> = components['schemas'][K];
/** RFC 9457 problem details, the body of every error answer. */
export type Problem = components['schemas']['Problem'];
export type ServiceClient = Client<paths>;

export interface ServiceClientOptions {
  /** Origin of the service, e.g. `http://localhost:8080`; empty for the page's own origin. */
  baseUrl?: string;
  /** An API key (`dis_…`) or an access token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The active organization, sent as `X-Organization-Id` on every call. */
  organizationId?: string;
  fetch?: typeof globalThis.fetch;
}

/** A client whose every call carries the bearer token and the active organization. */
export function createServiceClient(options: ServiceClientOptions = {}): ServiceClient {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.organizationId) headers['X-Organization-Id'] = options.organizationId;
  return createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // Spring pageable (`?page=0&size=20&sort=name,asc`) is a form-exploded object.
    querySerializer: { object: { style: 'form', explode: true }, array: { style: 'form', explode: true } },
  });
}
