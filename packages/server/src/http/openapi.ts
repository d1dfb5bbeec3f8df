/**
 * Post-processing of the generated OpenAPI 3.1 document.
 *
 * Spring's `pageable` (DESIGN.md §4): the routes validate `page`, `size` and `sort` as three query
 * keys, and the document declares them as what they are on the wire, one object parameter named
 * `pageable` with `style: form, explode: true` (OpenAPI 3.1 §4.8.12.4), so generated clients send
 * `?page=0&size=20&sort=name,asc`.
 */
type Json = Record<string, unknown>;
interface Parameter extends Json {
  name: string;
  in: string;
  schema?: Json;
  description?: string;
}

const PAGEABLE_KEYS = new Set(['page', 'size', 'sort']);

export function documentOpenApi<T>(doc: T): T {
  const paths = (doc as Json).paths as Record<string, Record<string, Json>> | undefined;
  for (const operations of Object.values(paths ?? {})) {
    for (const op of Object.values(operations)) {
      const params = op.parameters as Parameter[] | undefined;
      if (!params) continue;
      const pageable = params.filter((p) => p.in === 'query' && PAGEABLE_KEYS.has(p.name));
      if (pageable.length !== PAGEABLE_KEYS.size) continue;
      const properties: Json = {};
      for (const p of pageable) properties[p.name] = { ...(p.schema ?? {}), ...(p.description ? { description: p.description } : {}) };
      op.parameters = [
        ...params.filter((p) => !(p.in === 'query' && PAGEABLE_KEYS.has(p.name))),
        {
          name: 'pageable',
          in: 'query',
          required: true,
          style: 'form',
          explode: true,
          description: 'Spring pageable: page (0-based), size (1–100), sort=field,asc|desc',
          schema: { type: 'object', properties, additionalProperties: false },
        },
      ];
    }
  }
  return doc;
}
