#!/usr/bin/env node
/**
 * One owner per table (issue 34): per table of `packages/server/src/db/schema-*.ts`, its owning
 * domain (`packages/server/table-owners.cjs` OWNERS) and the modules outside that domain that
 * import it, for docs/architecture.md "One owner per table".
 *
 * A module references a table when it imports (or re-exports) the table's binding from
 * `db/schema.ts` or a `db/schema-<area>.ts`, type-only imports included, or names the table's SQL
 * name in raw SQL (a template or string literal with `from|join|into|update|table <name>`); db/
 * itself is not counted (the foundation declares the tables). A module's domain is its first folder under src/
 * (a top-level module is its own). Tables are the `export const X = pgTable(...)` of the schema
 * files.
 *
 * Usage: `node scripts/table_owners.mjs [--at REV] [--check]`.
 * `--at REV`: count the files of a git revision instead of the worktree.
 * `--check`: exit 1 when a table has no owner, a module outside the owner references a table not
 * listed in KNOWN, or a KNOWN entry no longer occurs (the list only shrinks); run by
 * `npm run layers -w packages/server`. Needs the workspace's `typescript` package.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { ROOT, SRC, sources as serverSources } from './server_sources.mjs';

const { OWNERS, KNOWN } = createRequire(import.meta.url)(path.join(ROOT, 'packages/server/table-owners.cjs'));
/** A module specifier naming the schema barrel or one of its split files. */
const SCHEMA_SPECIFIER = /(^|\/)db\/schema(-[a-z]+)?\.js$/;

/** `[path relative to SRC, text]` of every source module, from the worktree or git revision `rev`. */
const sources = (rev) => serverSources(rev).map(([p, text]) => [path.relative(SRC, p), text]);

/**
 * The tables declared by the schema files: export name of `export const X = pgTable('x', ...)` →
 * its SQL name.
 */
function declaredTables(files) {
  const tables = new Map();
  for (const [rel, text] of files) {
    if (!/^db\/schema-[a-z]+\.ts$/.test(rel)) continue;
    for (const m of text.matchAll(/^export const (\w+) = pgTable\(\s*'(\w+)'/gm)) tables.set(m[1], m[2]);
  }
  return tables;
}

/** A table named in SQL text: after from, join, into, update or table (quoted or not; not a path). */
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+("?)([a-z_]+)\1(?![\w/])/gi;

/**
 * The tables `rel` names in the text of its template and string literals (raw SQL such as
 * sql`... from organizations o ...`), by export name; `bySqlName`: SQL name → export name.
 */
function sqlMentions(rel, text, bySqlName) {
  const file = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = new Set();
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node))
      for (const m of node.text.matchAll(SQL_TABLE)) {
        const table = bySqlName.get(m[2].toLowerCase());
        if (table) found.add(table);
      }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The schema bindings `rel` imports or re-exports, by their exported name; `'*'` for a namespace
 * import or `export *` (every table).
 */
function schemaBindings(rel, text) {
  const file = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = [];
  for (const st of file.statements) {
    const spec = st.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !SCHEMA_SPECIFIER.test(spec.text)) continue;
    if (ts.isImportDeclaration(st)) {
      const bindings = st.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      else if (bindings) for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
    } else if (ts.isExportDeclaration(st)) {
      if (!st.exportClause || ts.isNamespaceExport(st.exportClause)) names.push('*');
      else for (const el of st.exportClause.elements) names.push((el.propertyName ?? el.name).text);
    }
  }
  return names;
}

/** The domain of a module: its first folder under src/, or the module itself at the top. */
const domainOf = (rel) => rel.split('/')[0].replace(/\.ts$/, '');

const args = process.argv.slice(2);
const at = args.includes('--at') ? args[args.indexOf('--at') + 1] : undefined;
const files = sources(at);
const tables = declaredTables(files);
const bySqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
/** table → sorted modules outside its owner that reference it. */
const outside = new Map([...tables.keys()].sort().map((t) => [t, []]));
for (const [rel, text] of files) {
  if (rel.startsWith('db/')) continue;
  const names = schemaBindings(rel, text);
  const referenced = names.includes('*') ? [...tables.keys()] : names.filter((n) => tables.has(n));
  for (const table of new Set([...referenced, ...sqlMentions(rel, text, bySqlName)]))
    if (OWNERS[table] !== domainOf(rel)) outside.get(table).push(rel);
}

const problems = [];
for (const table of tables.keys()) if (!OWNERS[table]) problems.push(`table ${table} has no owner in table-owners.cjs`);
for (const table of Object.keys(OWNERS)) if (!tables.has(table)) problems.push(`owner of unknown table ${table}`);

console.log(`${SRC}${at ? ` at ${at}` : ''}: ${tables.size} tables`);
const check = args.includes('--check');
if (!check) console.log(`  ${'table'.padEnd(26)}${'owner'.padEnd(15)}modules of other domains that import it`);
let references = 0;
for (const [table, modules] of outside) {
  references += modules.length;
  if (modules.length > 0 && !check)
    console.log(`  ${table.padEnd(26)}${(OWNERS[table] ?? '?').padEnd(15)}${modules.join(', ')}`);
}
const readByOthers = [...outside.values()].filter((m) => m.length > 0).length;
const modules = new Set([...outside.values()].flat()).size;
console.log(`tables read by a non-owner: ${readByOthers} (${references} references from ${modules} modules)`);

if (check) {
  const found = new Set([...outside].flatMap(([table, modules]) => modules.map((m) => `${m} ${table}`)));
  const known = new Set(Object.entries(KNOWN).flatMap(([m, { tables: ts_ }]) => ts_.map((t) => `${m} ${t}`)));
  for (const ref of found)
    if (!known.has(ref)) {
      const [m, t] = ref.split(' ');
      problems.push(`${m} imports ${t}, owned by ${OWNERS[t]}/: go through ${OWNERS[t]}/service.ts (or records.ts)`);
    }
  for (const ref of known)
    if (!found.has(ref)) problems.push(`KNOWN lists ${ref.replace(' ', ' → ')}, which no longer occurs: remove it`);
  for (const p of problems) console.error(`error table-owners: ${p}`);
  if (problems.length > 0) process.exit(1);
}
