import type { FastifySerializerCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

/**
 * Wraps a serializer compiler so that a route's 200 body is serialized once per response
 * object: a handler that returns the very same object again (an immutable value it keeps
 * while its source is unchanged, e.g. the profile of a cached principal) gets the JSON text of
 * the first time. Other status codes and non-object payloads go through `compile` unchanged.
 * Texts live in a WeakMap keyed by the object, so they go when the handler drops the object.
 *
 * Use it as a route's `serializerCompiler` only where the handler never mutates an object it
 * has returned. Typed for any route: Fastify calls a route's compiler with the schema of one of
 * its status codes, which is of the kind `compile` takes (e.g. a zod type).
 */
export function reuseSerializedBodies<T>(
  compile: FastifySerializerCompiler<T>,
): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const serialize = compile(routeSchema as FastifyRouteSchemaDef<T>);
    if (String(routeSchema.httpStatus) !== '200') return serialize;
    const bodies = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== 'object' || data === null) return serialize(data);
      let body = bodies.get(data);
      if (body === undefined) {
        body = serialize(data);
        bodies.set(data, body);
      }
      return body;
    };
  };
}
