# Sourced by scripts/test.sh: makes sure the test suite has a PostgreSQL server, and Redis when
# one can be had, without touching services the machine already runs.
#
#   SERVICE_TEST_ADMIN_URL  PostgreSQL the tests create their database on (default the local
#                           server, postgres://postgres@127.0.0.1:5432/postgres). When it does not
#                           answer, a private throwaway cluster is started (initdb + pg_ctl from the
#                           Debian `postgresql` packages) on a free port in a temporary directory and
#                           the variable points at it; it is stopped and deleted when the tests end.
#   SERVICE_TEST_REDIS_URL  Redis for the tests that share a rate limit between two servers (default
#                           redis://127.0.0.1:6379). When it does not answer and `redis-server` is
#                           installed, a throwaway one is started the same way; otherwise those tests
#                           are skipped with a line saying why (in CI, SERVICE_TEST_REDIS_REQUIRED=1
#                           makes them fail instead).

TEST_SERVICES_DIR=""

# Prints a TCP port nothing listens on (the kernel's choice for an ephemeral bind).
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Whether something accepts TCP connections at host:port (1 s timeout).
port_open() {
  python3 -c 'import socket,sys; socket.create_connection((sys.argv[1], int(sys.argv[2])), 1).close()' "$1" "$2" 2>/dev/null
}

# host and port of a postgres:// or redis:// URL, space separated.
url_host_port() {
  python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(p.hostname or "127.0.0.1", p.port or int(sys.argv[2]))' "$1" "$2"
}

# The directory holding initdb and pg_ctl: PATH first, else the newest Debian cluster version.
postgres_bindir() {
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

stop_test_services() {
  [ -n "$TEST_SERVICES_DIR" ] || return 0
  if [ -f "$TEST_SERVICES_DIR/pg/PG_VERSION" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$TEST_SERVICES_DIR/pg" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -f "$TEST_SERVICES_DIR/redis.pid" ]; then
    kill "$(cat "$TEST_SERVICES_DIR/redis.pid")" 2>/dev/null || true
  fi
  rm -rf "$TEST_SERVICES_DIR"
  TEST_SERVICES_DIR=""
}

# initdb refuses to run as root: a root caller runs the cluster as the `postgres` system user
# (from /, which it may enter, unlike a private checkout).
as_postgres() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

services_dir() {
  if [ -z "$TEST_SERVICES_DIR" ]; then
    TEST_SERVICES_DIR=$(mktemp -d "${TMPDIR:-/tmp}/service-test-XXXXXX")
    chmod 755 "$TEST_SERVICES_DIR"
    trap stop_test_services EXIT
  fi
}

ensure_postgres() {
  local url=${SERVICE_TEST_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
  local hp
  read -r -a hp <<<"$(url_host_port "$url" 5432)"
  if port_open "${hp[0]}" "${hp[1]}"; then
    export SERVICE_TEST_ADMIN_URL=$url
    return 0
  fi
  PG_BIN=$(postgres_bindir) || true
  if [ -z "$PG_BIN" ]; then
    echo "PostgreSQL does not answer at ${hp[0]}:${hp[1]} and is not installed: run 'make install' as root" \
      "(it installs the Debian postgresql packages) or 'apt-get install postgresql', or set SERVICE_TEST_ADMIN_URL." >&2
    return 1
  fi
  services_dir
  local port data=$TEST_SERVICES_DIR/pg
  port=$(free_port)
  echo "PostgreSQL does not answer at ${hp[0]}:${hp[1]}: starting a throwaway cluster ($PG_BIN) on 127.0.0.1:$port"
  mkdir -p "$data"
  [ "$(id -u)" = 0 ] && chown postgres: "$data"
  as_postgres "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-locale --no-sync >"$TEST_SERVICES_DIR/initdb.log" 2>&1 ||
    { cat "$TEST_SERVICES_DIR/initdb.log" >&2; return 1; }
  # Durability is pointless for a throwaway cluster; the suite opens many connections.
  as_postgres "$PG_BIN/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $data -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || { cat "$data/server.log" >&2; return 1; }
  export SERVICE_TEST_ADMIN_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

ensure_redis() {
  local url=${SERVICE_TEST_REDIS_URL:-redis://127.0.0.1:6379}
  local hp
  read -r -a hp <<<"$(url_host_port "$url" 6379)"
  if port_open "${hp[0]}" "${hp[1]}"; then
    export SERVICE_TEST_REDIS_URL=$url
    return 0
  fi
  if ! command -v redis-server >/dev/null; then
    echo "Redis does not answer at ${hp[0]}:${hp[1]} and redis-server is not installed:" \
      "the tests of a rate limit shared between two servers through Redis are skipped (apt-get install redis-server to run them)."
    export SERVICE_TEST_REDIS_URL=$url
    return 0
  fi
  services_dir
  local port
  port=$(free_port)
  echo "Redis does not answer at ${hp[0]}:${hp[1]}: starting a throwaway redis-server on 127.0.0.1:$port"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
    --dir "$TEST_SERVICES_DIR" --pidfile "$TEST_SERVICES_DIR/redis.pid" --logfile "$TEST_SERVICES_DIR/redis.log" >/dev/null
  for _ in $(seq 1 50); do port_open 127.0.0.1 "$port" && break; sleep 0.1; done
  export SERVICE_TEST_REDIS_URL="redis://127.0.0.1:$port"
}
