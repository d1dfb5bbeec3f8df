/**
 * How values of the embedded database (PGlite) are parsed for drizzle and for raw SQL.
 *
 * drizzle's PGlite driver (drizzle-orm/pglite/session.js, `PglitePreparedQuery`) passes its own
 * `parsers` with every query: dates, times and intervals stay the database's text, which
 * drizzle's columns then map themselves. PGlite merges per-query parsers into the instance's
 * whole parser map (`{...instanceParsers, ...options.parsers}`, ≈ 320 type ids once the array
 * types are registered) on every query: ≈ 0.15 ms of main-thread CPU per statement, more than the
 * WebAssembly spends on a small update. So the instance itself parses those types as text, drizzle's
 * queries go without per-query parsers (same values), and the raw path ({@link parseAsPglite})
 * parses them afterwards as PGlite does by default, so raw SQL (pg-boss) still gets `Date`s.
 */
import { type PGlite, types } from '@electric-sql/pglite';

/** Scalar types drizzle's driver reads as text. */
const TEXT_SCALARS = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
/** Array types drizzle's driver reads as text (the array literal), by their element type. */
const TEXT_ARRAYS: Record<number, number> = {
  1231: types.NUMERIC,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};

/** Every type id drizzle's PGlite driver reads as text (`PglitePreparedQuery`'s parsers). */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  ...TEXT_SCALARS,
  ...Object.keys(TEXT_ARRAYS).map(Number),
];

const asText = (value: string): string => value;

/**
 * PGlite's default parse of a value of one of {@link DRIZZLE_TEXT_TYPES}: its built-in parser
 * (none for intervals: the text), arrays element by element (what `_initArrayTypes` registers).
 */
function defaultParser(typeId: number): (value: string) => unknown {
  const element = TEXT_ARRAYS[typeId];
  if (element === undefined) {
    const parse = types.parsers[typeId];
    return parse ? (value) => parse(value, typeId) : asText;
  }
  const parseElement = types.parsers[element];
  return (value) => types.arrayParser(value, parseElement ?? asText, typeId);
}

const DEFAULT_PARSERS = new Map(DRIZZLE_TEXT_TYPES.map((t) => [t, defaultParser(t)]));

/**
 * Makes the instance parse {@link DRIZZLE_TEXT_TYPES} as text. Checked before every drizzle
 * query: `refreshArrayTypes` re-registers the array parsers.
 */
function install(client: PGlite): void {
  if (client.parsers[types.TIMESTAMPTZ] === asText && client.parsers[1185] === asText) return;
  for (const t of DRIZZLE_TEXT_TYPES) client.parsers[t] = asText;
}

type Query = PGlite['query'];

/** `query` of the instance or of one of its transactions, without per-query parsers. */
function withoutParsers(client: PGlite, query: Query): Query {
  return (text, params, options) => {
    install(client);
    if (!options?.parsers) return query(text, params, options);
    const { parsers: _dropped, ...rest } = options;
    return query(text, params, rest);
  };
}

/**
 * The client to hand to drizzle's PGlite driver: the same database, with the driver's per-query
 * parsers dropped because the instance already parses those types the same way (as text).
 * `query` and `transaction` are all the driver calls (its session and its transactions' sessions).
 */
export function drizzleClient(client: PGlite): Pick<PGlite, 'query' | 'transaction'> {
  install(client);
  return {
    query: withoutParsers(client, client.query.bind(client)),
    transaction: (fn) =>
      client.transaction((tx) => fn({ ...tx, query: withoutParsers(client, tx.query.bind(tx)) })),
  };
}

/**
 * Parses a raw result's values of {@link DRIZZLE_TEXT_TYPES} as PGlite does by default (in place):
 * timestamps and dates become `Date`s, arrays of them arrays of `Date`s, as before
 * {@link drizzleClient} made the instance read them as text. Rows in object mode.
 */
export function parseAsPglite<R extends { rows: unknown[]; fields: { name: string; dataTypeID: number }[] }>(
  result: R,
): R {
  const columns = result.fields.filter((f) => DEFAULT_PARSERS.has(f.dataTypeID));
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string, unknown>[])
    for (const { name, dataTypeID } of columns) {
      const value = row[name];
      if (typeof value === 'string') row[name] = DEFAULT_PARSERS.get(dataTypeID)?.(value);
    }
  return result;
}
