#!/usr/bin/env bash
# Clones this repository (its committed HEAD) into a fresh directory and runs `make test` there as
# a new user would, with no PostgreSQL or Redis reachable: the test command must provision its own.
#
# It does not stop the machine's services (others may use them); it points the test command's
# probes at a port where nothing listens, which is what a machine without them looks like to it:
#
#   scripts/fresh-clone-test.sh                          # the whole suite
#   TEST_FILES="test/db test/ratelimit" scripts/fresh-clone-test.sh   # a quick subset
#
# ../shared (the corpus) is linked beside the clone, as it sits beside this checkout.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fresh-clone-XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone --quiet "$src" "$work/repo"
[ -d "$src/../shared" ] && ln -s "$(cd "$src/../shared" && pwd)" "$work/shared"
# A port nothing listens on: the kernel hands it out, we close it before the probe.
nothing=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cd "$work/repo"
echo "fresh clone in $work/repo; PostgreSQL and Redis probed at 127.0.0.1:$nothing (nothing listens)"
SERVICE_TEST_ADMIN_URL="postgres://postgres@127.0.0.1:$nothing/postgres" \
  SERVICE_TEST_REDIS_URL="redis://127.0.0.1:$nothing" \
  make test
