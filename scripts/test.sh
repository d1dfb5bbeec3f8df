#!/usr/bin/env bash
# The whole test suite (`make test` runs this after `make install`):
#   lint and types (TypeScript and Python), the server suite on PostgreSQL, a smoke subset on the
#   embedded PGlite, the Python SDK suite, the Python REST client against a real server, and a
#   property-based run over the OpenAPI document.
# Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
REPORTS=$(mktemp -d)
status=0
step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAILED: $*"; status=1; }

# PostgreSQL (and Redis when it can be had): the ones that answer, else throwaway private ones.
# shellcheck source=scripts/test-services.sh
. scripts/test-services.sh
step "test services"
ensure_postgres || exit 1
ensure_redis
echo "PostgreSQL: $SERVICE_TEST_ADMIN_URL   Redis: $SERVICE_TEST_REDIS_URL"

# TEST_FILES="test/db test/ratelimit" runs only those server test files on PostgreSQL (a quick check
# of the set-up itself, e.g. scripts/fresh-clone-test.sh); the whole suite otherwise.
if [ -n "${TEST_FILES:-}" ]; then
  step "server tests on PostgreSQL: $TEST_FILES"
  # shellcheck disable=SC2086
  (cd packages/server && npx vitest run $TEST_FILES) || fail "vitest ($TEST_FILES)"
  exit $status
fi

step "lint and types"
npx biome check packages/server/src packages/server/test packages/web packages/client || fail "biome"
# The layering rule of docs/architecture.md (dependency-cruiser, packages/server/.dependency-cruiser.cjs).
npm run layers --silent -w packages/server || fail "dependency-cruiser (layers)"
# The server, the console (its code and its tests) and the client: what `npm run typecheck` checks.
npm run typecheck --silent || fail "tsc"
.venv/bin/ruff check sdk/python plugins bench/quality clients/python || fail "ruff"
.venv/bin/mypy --strict sdk/python/src || fail "mypy (SDK)"
(cd plugins && ../.venv/bin/mypy --strict .) || fail "mypy (plugins)"
# The Python REST client: its hand-written tests typed (the generated package is left out of ruff and
# mypy, clients/python/pyproject.toml), and the generated package as the current OpenAPI document gives it.
(cd clients/python && ../../.venv/bin/mypy --strict) || fail "mypy (Python client)"
clients/python/generate.sh --check || fail "generated Python client (clients/python/generate.sh --check)"

step "server tests on PostgreSQL"
# The walkthrough always runs the real server on the embedded default; it runs in the PGlite pass.
(cd packages/server && npx vitest run --exclude test/e2e/walkthrough.test.ts --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pg.json") || fail "vitest (PostgreSQL)"

step "server smoke tests on embedded PGlite"
(cd packages/server && SERVICE_TEST_DB=pglite npx vitest run test/db test/api-keys test/e2e \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pglite.json") || fail "vitest (PGlite)"

step "generated TypeScript client matches /openapi.json"
(cd packages/client && npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-client.json") || fail "vitest (client)"

step "web console unit tests (no server)"
(cd packages/web && npx vitest run -c vitest.unit.config.ts --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-web-unit.json") || fail "vitest (web console units)"

step "web console end to end in headless Chromium"
(cd packages/web && npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-web.json") || fail "vitest (web console)"

step "Python SDK tests"
.venv/bin/pytest -q sdk/python --junitxml="$REPORTS/pytest-sdk.xml" || fail "pytest (SDK)"

step "Python REST client tests"
.venv/bin/pytest -q clients/python --junitxml="$REPORTS/pytest-client.xml" || fail "pytest (Python client)"

step "built-in plugins tests"
(cd plugins && ../.venv/bin/pytest -q --junitxml="$REPORTS/pytest-plugins.xml") || fail "pytest (plugins)"

if [ -x scripts/openapi-fuzz.sh ]; then
  step "property-based run over /openapi.json"
  scripts/openapi-fuzz.sh || fail "openapi fuzz"
fi

node -e '
const fs = require("fs"); const dir = process.argv[1];
let passed = 0, failed = 0, skipped = 0;
for (const f of ["vitest-pg.json", "vitest-pglite.json", "vitest-client.json", "vitest-web-unit.json", "vitest-web.json"]) {
  try { const r = JSON.parse(fs.readFileSync(`${dir}/${f}`, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
  } catch { failed += 1; }
}
for (const f of ["pytest-sdk.xml", "pytest-client.xml", "pytest-plugins.xml"]) {
  try { const x = fs.readFileSync(`${dir}/${f}`, "utf8");
    const m = /<testsuite[^>]*\berrors="(\d+)"[^>]*\bfailures="(\d+)"[^>]*\bskipped="(\d+)"[^>]*\btests="(\d+)"/.exec(x);
    if (m) { const [e, f2, s, t] = m.slice(1).map(Number); failed += e + f2; skipped += s; passed += t - e - f2 - s; } else failed += 1;
  } catch { failed += 1; }
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$REPORTS"
exit $status
