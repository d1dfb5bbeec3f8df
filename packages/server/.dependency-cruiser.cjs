/**
 * The layering rule of docs/architecture.md, checked by dependency-cruiser in `npm run lint`,
 * `make lint` and scripts/test.sh ("lint and types").
 *
 * Layers, top to bottom (a module may import its own layer and the ones below, never above):
 *   entry        app.ts (routes registered here only), app-context.ts (the context), cli.ts, demo/, operator/, console/, guides/
 *   process      jobs/ (queue binding, workers), pipeline/ (parse, classify, extract, DERIVE_STEPS),
 *                review/ (a correction in review re-runs the derive steps of the pipeline)
 *   routes       <domain>/routes.ts: HTTP only
 *   services     <domain>/service.ts and the domain's other modules (rules, transactions);
 *                engine's plugin host and runtime client, llm/, parsing/, vault/, blobs/, mail/, metrics/
 *   records      <domain>/records.ts: the plain reads (and the few writes) other domains may use
 *   repositories <domain>/repository.ts and <domain>/<part>-repository.ts: all SQL of one domain
 *   foundation   db/, ids.ts, config.ts and config/, http/problem.ts, http/pagination.ts, fields/
 * Between domains: a domain uses another only through that domain's service surface (never its
 * repository.ts or routes.ts), and no import cycle between modules.
 *
 * No cycle between the top-level folders of src/ either (two domains never import each other, even
 * through their surfaces): the identity folders run http → auth → audit → organizations →
 * invitations → users → members; what a lower folder needs from a higher one app.ts passes in, and
 * cross-domain reactions go through events (jobs/reactions.ts) or the process layer.
 *
 * One owner per table (table-owners.cjs): a split schema file db/schema-<area>.ts is imported
 * directly only by db/ and the domains owning its tables (rules `schema-<area>-owners` below).
 * Imports through the barrel db/schema.ts are checked table by table by
 * `scripts/table_owners.mjs --check`, which `npm run layers` runs after dependency-cruiser.
 */
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { OWNERS } = require('./table-owners.cjs');
/** The domain folders of src/ (one per resource of the spec, DESIGN.md §2). */
const DOMAINS =
  'alerts|api-keys|audit|auth|benchmarks|contracts|documents|events|exports|extraction-rules|invitations|marketplace|members|ontology|organizations|plugins|prompts|sources|users|webhooks';

/** One rule per db/schema-<area>.ts: only db/ and the owners of the tables it declares import it. */
function schemaAreaRules() {
  const dir = path.join(__dirname, 'src/db');
  return readdirSync(dir)
    .filter((f) => /^schema-[a-z]+\.ts$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const tables = [...text.matchAll(/^export const (\w+) = pgTable\(/gm)].map((m) => m[1]);
      const owners = [...new Set(tables.map((t) => OWNERS[t]).filter(Boolean))].sort();
      return {
        name: `${file.replace(/\.ts$/, '')}-owners`,
        comment: `db/${file} declares tables of ${owners.join(', ')}: other domains read them through the owner's service.ts or records.ts.`,
        severity: 'error',
        from: { path: '^src/', pathNot: `^src/(db|${owners.join('|')})/` },
        to: { path: `^src/db/${file.replace('.', '\\.')}$` },
      };
    });
}

const config = {
  forbidden: [
    ...schemaAreaRules(),
    {
      name: 'no-other-domains-repository',
      comment: "A domain reads and writes another domain's data through that domain's service.ts, never its repository.ts.",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/[^/]+/[a-z-]*repository\\.ts$', pathNot: '^src/$1/' },
    },
    {
      name: 'routes-only-from-app',
      comment: 'Routes are registered in app.ts and nowhere else (DESIGN.md §2); nothing else imports a routes.ts.',
      severity: 'error',
      from: { pathNot: '^src/app\\.ts$' },
      to: { path: '^src/[^/]+/routes\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between modules, type-only imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-mutual-domains',
      comment: 'No cycle between top-level folders of src/ (two domains never import each other).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'no-entry-imports',
      comment: 'app.ts and cli.ts are the top: only cli.ts starts app.ts, nothing imports cli.ts.',
      severity: 'error',
      from: { pathNot: '^src/cli\\.ts$' },
      to: { path: '^src/(app|cli)\\.ts$' },
    },
    {
      name: 'context-only-from-entry',
      comment: 'app-context.ts (the composition root\'s context, split from app.ts) is opened by app.ts and cli.ts only.',
      severity: 'error',
      from: { pathNot: '^src/(app|cli)\\.ts$' },
      to: { path: '^src/app-context\\.ts$' },
    },
    {
      name: 'repositories-stay-down',
      comment: 'A repository holds SQL only: it imports db/, ids.ts and its own domain\'s pure helpers, nothing that runs rules or HTTP.',
      severity: 'error',
      from: { path: '^src/([^/]+)/[a-z-]*repository\\.ts$' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/db/',
          '^src/ids\\.ts$',
          '^src/http/(problem|pagination)\\.ts$',
          '^src/fields/',
          // its own domain's pure modules, never its service or routes
          '^src/$1/(?!service\\.ts$|routes\\.ts$)[^/]+\\.ts$',
        ],
      },
    },
    {
      name: 'records-stay-down',
      comment:
        "A domain's records.ts (the plain reads and writes other domains use) imports only its own domain's repository and db/, so it can sit below every service.",
      severity: 'error',
      from: { path: '^src/([^/]+)/records\\.ts$' },
      to: { path: '^src/', pathNot: ['^src/db/', '^src/ids\\.ts$', '^src/$1/[a-z-]*repository\\.ts$'] },
    },
    {
      name: 'services-not-up',
      comment: 'Services, engine/ and the other domain modules do not reach up into the process layer (jobs/, pipeline/).',
      severity: 'error',
      from: { path: `^src/(${DOMAINS}|engine|llm|parsing|vault|blobs|mail|egress|ratelimit|metrics)/` },
      to: { path: '^src/(jobs/|pipeline/|demo/|operator/|console/|guides/)' },
    },
    {
      name: 'foundation-stays-down',
      comment: 'db/, ids.ts, config.ts, http/problem.ts, http/pagination.ts and fields/ import only each other.',
      severity: 'error',
      from: { path: '^src/(db/|ids\\.ts$|config\\.ts$|config/|http/(problem|pagination)\\.ts$|fields/)' },
      to: { path: '^src/', pathNot: '^src/(db/|ids\\.ts$|config\\.ts$|config/|http/(problem|pagination)\\.ts$|fields/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

module.exports = config;
