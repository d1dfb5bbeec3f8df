/**
 * The migrated database matches the schema the code declares (src/db/schema.ts).
 *
 * A fresh database (a new PostgreSQL database on the run's server, or an in-memory PGlite when
 * `inject('databaseUrl')` is empty) is migrated with the migrations in `drizzle/`, then read back
 * from the catalog (information_schema, pg_indexes, pg_constraint) and compared with what drizzle's
 * `getTableConfig` says every exported table should be: columns (name, type, nullability,
 * default present or not), primary keys, indexes (unique or not, columns, partial predicate) and
 * unique constraints by name, foreign keys (columns, target, ON DELETE / ON UPDATE), and no tables
 * besides drizzle's own migration bookkeeping. A column added to schema.ts without a migration,
 * a hand-edited migration, or a forgotten index all fail here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { is, SQL } from 'drizzle-orm';
import {
  getTableConfig,
  index,
  jsonb,
  type PgColumn,
  PgDialect,
  PgTable,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Database,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  pgliteDatabase,
} from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';

/** One column as the database should have it. */
interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  identity: boolean;
  generated: boolean;
}

/** One index as the database should have it (also the index behind a unique constraint). */
interface IndexShape {
  table: string;
  unique: boolean;
  columns: string[];
  /** Normalized WHERE predicate of a partial index, or null. */
  where: string | null;
}

interface ForeignKeyShape {
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  onDelete: string;
  onUpdate: string;
}

/** A database schema reduced to what this test compares; keys are qualified names. */
interface SchemaShape {
  /** `schema.table` */
  tables: string[];
  /** `table` → column name → shape */
  columns: Record<string, Record<string, ColumnShape>>;
  /** `table` → { name, columns } */
  primaryKeys: Record<string, { name: string; columns: string[] }>;
  /** index name → shape (primary-key indexes excluded) */
  indexes: Record<string, IndexShape>;
  /** constraint name → shape */
  foreignKeys: Record<string, ForeignKeyShape>;
  /** `table` → check constraint names */
  checks: Record<string, string[]>;
}

/** Drizzle's own bookkeeping, the only table a migrated database may have beyond schema.ts. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

// ---------------------------------------------------------------------------------------------
// What the code declares
// ---------------------------------------------------------------------------------------------

const dialect = new PgDialect();

/** Spells a drizzle SQL type the way PostgreSQL's format_type() does. */
function canonicalType(sqlType: string): string {
  let t = sqlType.trim().toLowerCase().replace(/\s+/g, ' ');
  let suffix = '';
  while (t.endsWith('[]')) {
    suffix += '[]';
    t = t.slice(0, -2);
  }
  const args = /^([a-z ]+?)\s*\((.*)\)\s*(.*)$/.exec(t);
  const base = args?.[1] ?? t;
  const params = args ? `(${(args[2] ?? '').replace(/\s*,\s*/g, ',')})` : '';
  const rest = args?.[3] ?? '';
  const aliases: Record<string, string> = {
    varchar: 'character varying',
    char: 'character',
    int: 'integer',
    int4: 'integer',
    int8: 'bigint',
    int2: 'smallint',
    serial: 'integer',
    bigserial: 'bigint',
    smallserial: 'smallint',
    float4: 'real',
    float8: 'double precision',
    decimal: 'numeric',
    bool: 'boolean',
    timestamptz: 'timestamp with time zone',
    timestamp: 'timestamp without time zone',
    time: 'time without time zone',
    timetz: 'time with time zone',
  };
  if ((base === 'timestamp' || base === 'time') && rest) {
    return `${base}${params} ${rest}${suffix}`;
  }
  if ((base === 'timestamp' || base === 'time') && params) {
    return `${base}${params} without time zone${suffix}`;
  }
  return `${aliases[base] ?? base}${params}${rest ? ` ${rest}` : ''}${suffix}`;
}

/** Normalizes a predicate so drizzle's source text and pg's deparsed text compare equal. */
function normalizePredicate(text: string): string {
  return text
    .replace(/::[a-z_]+( [a-z_]+)*(\[\])?/gi, '') // casts PostgreSQL adds: 'OWNER'::text
    .replace(/"/g, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(/('(?:[^']|'')*')/) // lower-case keywords and names, not string literals
    .map((part, i) => (i % 2 === 1 ? part : part.toLowerCase()))
    .join('');
}

function sqlText(fragment: SQL): string {
  return dialect.sqlToQuery(fragment).sql;
}

function columnName(table: string, column: unknown): string {
  if (is(column, SQL)) return normalizePredicate(sqlText(column));
  const { name, indexConfig } = column as { name?: string; indexConfig?: { order?: string } };
  if (!name) throw new Error(`index column without a name on ${table}`);
  // A descending key carries its direction, as parseIndexDef reads it (NULLS placement is not compared).
  return indexConfig?.order === 'desc' ? `${name} desc` : name;
}

const SERIAL_TYPES = new Set(['PgSerial', 'PgBigSerial53', 'PgBigSerial64', 'PgSmallSerial']);

/** The tables exported by src/db/schema.ts, in drizzle's own terms. */
function declaredTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** Builds the expected shape from drizzle table definitions. */
function declaredShape(tables: PgTable[]): SchemaShape {
  const shape: SchemaShape = {
    tables: [MIGRATIONS_TABLE],
    columns: {},
    primaryKeys: {},
    indexes: {},
    foreignKeys: {},
    checks: {},
  };
  for (const table of tables) {
    const config = getTableConfig(table);
    const name = config.name;
    shape.tables.push(`${config.schema ?? 'public'}.${name}`);
    const columns: Record<string, ColumnShape> = {};
    const pkColumns: PgColumn[] = [];
    for (const column of config.columns) {
      if (column.primary) pkColumns.push(column);
      columns[column.name] = {
        type: canonicalType(column.getSQLType()),
        notNull: column.notNull || column.primary,
        hasDefault: column.default !== undefined || SERIAL_TYPES.has(column.columnType),
        identity: column.generatedIdentity !== undefined,
        generated: column.generated !== undefined,
      };
      if (column.isUnique) {
        const uniqueName = column.uniqueName ?? `${name}_${column.name}_unique`;
        shape.indexes[uniqueName] = { table: name, unique: true, columns: [column.name], where: null };
      }
    }
    shape.columns[name] = columns;
    const composite = config.primaryKeys[0];
    if (config.primaryKeys.length > 1) throw new Error(`${name} declares more than one primary key`);
    if (composite) {
      for (const c of composite.columns) {
        const column = columns[c.name];
        if (column) column.notNull = true;
      }
      shape.primaryKeys[name] = { name: composite.getName(), columns: composite.columns.map((c) => c.name) };
    } else if (pkColumns.length > 0) {
      shape.primaryKeys[name] = { name: `${name}_pkey`, columns: pkColumns.map((c) => c.name) };
    }
    for (const index of config.indexes) {
      const ic = index.config;
      if (!ic.name) throw new Error(`an index on ${name} has no name; give every index a stable name`);
      shape.indexes[ic.name] = {
        table: name,
        unique: ic.unique,
        columns: ic.columns.map((c) => columnName(name, c)),
        where: ic.where ? normalizePredicate(sqlText(ic.where)) : null,
      };
    }
    for (const uc of config.uniqueConstraints) {
      const ucName = uc.getName() ?? `${name}_${uc.columns.map((c) => c.name).join('_')}_unique`;
      shape.indexes[ucName] = {
        table: name,
        unique: true,
        columns: uc.columns.map((c) => c.name),
        where: null,
      };
    }
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      shape.foreignKeys[fk.getName()] = {
        table: name,
        columns: ref.columns.map((c) => c.name),
        foreignTable: getTableConfig(ref.foreignTable).name,
        foreignColumns: ref.foreignColumns.map((c) => c.name),
        onDelete: fk.onDelete ?? 'no action',
        onUpdate: fk.onUpdate ?? 'no action',
      };
    }
    shape.checks[name] = config.checks.map((c) => c.name).sort();
  }
  shape.tables.sort();
  return shape;
}

// ---------------------------------------------------------------------------------------------
// What the migrated database has
// ---------------------------------------------------------------------------------------------

const FK_ACTIONS: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

function parseIndexDef(def: string): { unique: boolean; columns: string[]; where: string | null } {
  const m = /^CREATE (UNIQUE )?INDEX .+? USING \w+ \((.*?)\)(?: WHERE (.*))?$/s.exec(def);
  if (!m) throw new Error(`cannot parse index definition: ${def}`);
  return {
    unique: Boolean(m[1]),
    columns: (m[2] ?? '')
      .split(',')
      .map((c) => normalizePredicate(c.replace(/ NULLS (FIRST|LAST)$/i, '').replace(/ ASC$/i, ''))),
    where: m[3] ? normalizePredicate(m[3]) : null,
  };
}

/** Reads the shape of every user table from the catalog of the open database. */
async function migratedShape(database: Database): Promise<SchemaShape> {
  const q = async (text: string) => (await database.query(text)).rows;
  const userSchemas = `not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

  const tables = await q(`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname ${userSchemas}`);
  const shape: SchemaShape = {
    tables: tables.map((t) => `${String(t.schema)}.${String(t.name)}`).sort(),
    columns: {},
    primaryKeys: {},
    indexes: {},
    foreignKeys: {},
    checks: {},
  };

  const columns = await q(`
    select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated,
           format_type(a.atttypid, a.atttypmod) as formatted_type
    from information_schema.columns c
    join pg_attribute a on a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                       and a.attname = c.column_name and not a.attisdropped
    where c.table_schema = 'public'
    order by c.table_name, c.ordinal_position`);
  for (const c of columns) {
    const table = String(c.table_name);
    shape.columns[table] ??= {};
    shape.columns[table][String(c.column_name)] = {
      type: String(c.formatted_type),
      notNull: c.is_nullable === 'NO',
      hasDefault: c.column_default !== null,
      identity: c.is_identity === 'YES',
      generated: c.is_generated === 'ALWAYS',
    };
  }

  const keys = await q(`
    select con.conname, cl.relname as table_name, con.contype,
           (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as columns,
           ft.relname as foreign_table,
           (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as foreign_columns,
           con.confdeltype, con.confupdtype
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class ft on ft.oid = con.confrelid
    where n.nspname = 'public' and con.contype in ('p', 'f', 'c')`);
  const pkNames = new Set<string>();
  for (const k of keys) {
    const table = String(k.table_name);
    const name = String(k.conname);
    const cols = (k.columns ?? []) as string[];
    if (k.contype === 'p') {
      shape.primaryKeys[table] = { name, columns: cols };
      pkNames.add(name);
    } else if (k.contype === 'f') {
      shape.foreignKeys[name] = {
        table,
        columns: cols,
        foreignTable: String(k.foreign_table),
        foreignColumns: (k.foreign_columns ?? []) as string[],
        onDelete: FK_ACTIONS[String(k.confdeltype)] ?? String(k.confdeltype),
        onUpdate: FK_ACTIONS[String(k.confupdtype)] ?? String(k.confupdtype),
      };
    } else {
      shape.checks[table] = [...(shape.checks[table] ?? []), name];
    }
  }
  for (const table of Object.keys(shape.columns)) shape.checks[table] = (shape.checks[table] ?? []).sort();

  const indexes = await q(
    `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`,
  );
  for (const i of indexes) {
    const name = String(i.indexname);
    if (pkNames.has(name)) continue;
    shape.indexes[name] = { table: String(i.tablename), ...parseIndexDef(String(i.indexdef)) };
  }
  return shape;
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/** Lists every difference between the declared and the migrated shape, one readable line each. */
function diffShapes(declared: SchemaShape, migrated: SchemaShape): string[] {
  const out: string[] = [];
  const json = (v: unknown) => JSON.stringify(v);
  for (const t of declared.tables)
    if (!migrated.tables.includes(t)) out.push(`table ${t}: declared, not in the database`);
  for (const t of migrated.tables)
    if (!declared.tables.includes(t)) out.push(`table ${t}: in the database, not declared`);

  for (const [table, declaredCols] of Object.entries(declared.columns)) {
    const migratedCols = migrated.columns[table] ?? {};
    for (const [name, want] of Object.entries(declaredCols)) {
      const got = migratedCols[name];
      if (!got) {
        out.push(`column ${table}.${name}: declared, not in the database`);
        continue;
      }
      for (const key of Object.keys(want) as (keyof ColumnShape)[]) {
        if (want[key] !== got[key])
          out.push(`column ${table}.${name}: ${key} declared ${json(want[key])}, database ${json(got[key])}`);
      }
    }
    for (const name of Object.keys(migratedCols)) {
      if (!declaredCols[name]) out.push(`column ${table}.${name}: in the database, not declared`);
    }
  }

  const tables = new Set([...Object.keys(declared.primaryKeys), ...Object.keys(migrated.primaryKeys)]);
  for (const table of tables) {
    const want = declared.primaryKeys[table];
    const got = migrated.primaryKeys[table];
    if (json(want) !== json(got))
      out.push(`primary key of ${table}: declared ${json(want)}, database ${json(got)}`);
  }

  const compareNamed = <T>(kind: string, want: Record<string, T>, got: Record<string, T>) => {
    for (const name of new Set([...Object.keys(want), ...Object.keys(got)])) {
      const w = want[name];
      const g = got[name];
      if (!g) out.push(`${kind} ${name}: declared, not in the database`);
      else if (!w) out.push(`${kind} ${name}: in the database, not declared`);
      else if (json(w) !== json(g)) out.push(`${kind} ${name}: declared ${json(w)}, database ${json(g)}`);
    }
  };
  compareNamed('index', declared.indexes, migrated.indexes);
  compareNamed('foreign key', declared.foreignKeys, migrated.foreignKeys);
  for (const table of Object.keys(declared.checks)) {
    const w = declared.checks[table] ?? [];
    const g = migrated.checks[table] ?? [];
    if (json(w) !== json(g))
      out.push(`check constraints of ${table}: declared ${json(w)}, database ${json(g)}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

interface FreshDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** A new, empty database of the run's kind: a fresh PostgreSQL database, or an in-memory PGlite. */
async function freshDatabase(): Promise<FreshDatabase> {
  const runUrl = inject('databaseUrl');
  if (!runUrl) {
    const database = pgliteDatabase(await PGlite.create());
    return { database, drop: () => database.close() };
  }
  const name = `service_schema_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'service-schema-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    database,
    drop: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: runUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe('migrations produce the declared schema', () => {
  let fresh: FreshDatabase;
  let declared: SchemaShape;
  let migrated: SchemaShape;

  beforeAll(async () => {
    fresh = await freshDatabase();
    await migrateDatabase(fresh.database);
    declared = declaredShape(declaredTables());
    migrated = await migratedShape(fresh.database);
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('declares tables in src/db/schema.ts', () => {
    expect(declaredTables().length).toBeGreaterThan(0);
    expect(declared.tables).toContain('public.users');
  });

  it('has exactly the declared tables, plus drizzle’s migration bookkeeping', () => {
    expect(migrated.tables).toEqual(declared.tables);
  });

  it('matches columns, primary keys, indexes, foreign keys and checks', () => {
    expect(diffShapes(declared, migrated)).toEqual([]);
  });

  it('applied every migration of drizzle/meta/_journal.json exactly once', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const rows = (await fresh.database.query(`select count(*)::int as n from ${MIGRATIONS_TABLE}`)).rows;
    expect(rows[0]?.n).toBe(journal.entries.length);
  });

  it('migrating again is a no-op', async () => {
    await migrateDatabase(fresh.database);
    expect(diffShapes(declared, await migratedShape(fresh.database))).toEqual([]);
  });

  // The checker itself: drift of each kind must be reported, or the test above proves nothing.
  it('reports drift of every kind it checks', () => {
    const drifted = structuredClone(declared);
    const users = defined(drifted.columns.users);
    users.nickname = { type: 'text', notNull: false, hasDefault: false, identity: false, generated: false };
    defined(users.name).notNull = true;
    defined(users.email).type = 'character varying(320)';
    defined(drifted.columns.api_keys?.status).hasDefault = false;
    defined(drifted.primaryKeys.memberships).columns.reverse();
    defined(drifted.indexes.memberships_one_owner_key).where = null;
    defined(drifted.indexes.api_keys_user_idx).unique = true;
    drifted.indexes.extra_idx = { table: 'users', unique: false, columns: ['name'], where: null };
    delete drifted.indexes.users_email_key;
    defined(drifted.foreignKeys.api_keys_user_id_users_id_fk).onDelete = 'restrict';
    drifted.tables.push('public.audit_log');
    const diff = diffShapes(drifted, migrated);
    expect(diff).toEqual(
      expect.arrayContaining([
        'column users.nickname: declared, not in the database',
        'column users.name: notNull declared true, database false',
        'column users.email: type declared "character varying(320)", database "text"',
        'column api_keys.status: hasDefault declared false, database true',
        expect.stringContaining('primary key of memberships'),
        expect.stringContaining('index memberships_one_owner_key'),
        expect.stringContaining('index api_keys_user_idx'),
        'index extra_idx: declared, not in the database',
        'index users_email_key: in the database, not declared',
        expect.stringContaining('foreign key api_keys_user_id_users_id_fk'),
        'table public.audit_log: declared, not in the database',
      ]),
    );
    expect(diff).toHaveLength(11);
  });

  it('catches a table or column declared with drizzle but never migrated', () => {
    // What a developer does when they edit schema.ts and forget `drizzle-kit generate`.
    const signingKeysPlus = pgTable('signing_keys', {
      kid: text('kid').primaryKey(),
      algorithm: text('algorithm').notNull(),
      publicJwk: jsonb('public_jwk').notNull(),
      privateJwk: jsonb('private_jwk').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    });
    const auditLog = pgTable(
      'audit_log',
      { id: uuid('id').primaryKey(), at: timestamp('at').notNull() },
      (t) => [index('audit_log_at_idx').on(t.at)],
    );
    const tables = declaredTables().filter((t) => getTableConfig(t).name !== 'signing_keys');
    const diff = diffShapes(declaredShape([...tables, signingKeysPlus, auditLog]), migrated);
    expect(diff).toEqual(
      expect.arrayContaining([
        'table public.audit_log: declared, not in the database',
        'column signing_keys.rotated_at: declared, not in the database',
        'index audit_log_at_idx: declared, not in the database',
        expect.stringContaining('primary key of audit_log'),
      ]),
    );
  });

  it('spells drizzle types as PostgreSQL does', () => {
    expect(canonicalType('varchar(255)')).toBe('character varying(255)');
    expect(canonicalType('numeric(10, 2)')).toBe('numeric(10,2)');
    expect(canonicalType('timestamp (3) with time zone')).toBe('timestamp(3) with time zone');
    expect(canonicalType('timestamp')).toBe('timestamp without time zone');
    expect(canonicalType('text[]')).toBe('text[]');
    expect(canonicalType('serial')).toBe('integer');
    expect(normalizePredicate(`(role = 'OWNER'::text)`)).toBe(normalizePredicate(`role = 'OWNER'`));
  });
});
