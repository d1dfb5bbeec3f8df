import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { describe, expect, it } from 'vitest';
import { reuseSerializedBodies } from '../../src/http/reused-bodies.js';

/** A serializer compiler that counts its calls (JSON.stringify, like the zod one after validation). */
function countingCompiler() {
  const calls = { n: 0 };
  const compile = () => (data: unknown) => {
    calls.n += 1;
    return JSON.stringify(data);
  };
  return { calls, compile };
}

const schemaOf = (httpStatus: string) =>
  ({ schema: {}, method: 'GET', url: '/x', httpStatus }) as FastifyRouteSchemaDef<unknown>;

describe('reuseSerializedBodies', () => {
  it('serializes one 200 body object once, and each other object on its own', () => {
    const { calls, compile } = countingCompiler();
    const serialize = reuseSerializedBodies(compile)(schemaOf('200'));
    const body = { id: 1, roles: ['OWNER'] };
    expect(serialize(body)).toBe('{"id":1,"roles":["OWNER"]}');
    expect(serialize(body)).toBe('{"id":1,"roles":["OWNER"]}');
    expect(calls.n).toBe(1);
    expect(serialize({ id: 2, roles: [] })).toBe('{"id":2,"roles":[]}');
    expect(calls.n).toBe(2);
  });

  it('leaves other status codes and values that are not objects to the compiled serializer', () => {
    const { calls, compile } = countingCompiler();
    const problem = reuseSerializedBodies(compile)(schemaOf('401'));
    const body = { status: 401 };
    problem(body);
    problem(body);
    expect(calls.n).toBe(2);
    const ok = reuseSerializedBodies(compile)(schemaOf('200'));
    expect(ok('text')).toBe('"text"');
    expect(ok(null)).toBe('null');
    expect(calls.n).toBe(4);
  });
});
