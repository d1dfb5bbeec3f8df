import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The Fastify instance a route plugin receives (Zod type provider): a route registrar's plugin
 * closure passes it to one small function per route group, which registers on that same instance
 * (same encapsulation context, same order), so the handlers keep their schema-inferred types.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
