#!/usr/bin/env bash
# Regenerates src/service_client from the OpenAPI document with openapi-python-client (pinned in
# requirements.txt, installed into .venv by `make install`).
#
#   clients/python/generate.sh                 the current server code's document, as the TypeScript
#                                              client gets it (packages/client/scripts/live-document.ts)
#   clients/python/generate.sh URL             a running server's document, e.g. http://localhost:8080
#   clients/python/generate.sh --check         regenerates into a temporary directory and fails when
#                                              it differs from the committed package
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/.venv/bin"
# The generator formats its output with ruff: the project's pinned one.
export PATH="$venv:$root/.tools/node_modules/.bin:$root/node_modules/.bin:$PATH"

check=""
source_url=""
for arg in "$@"; do
  case "$arg" in
    --check) check=1 ;;
    *) source_url="$arg" ;;
  esac
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
doc="$work/openapi.json"
if [ -n "$source_url" ]; then
  curl -fsS "${source_url%/}/openapi.json" -o "$doc"
else
  (cd "$root/packages/client" && tsx scripts/export-openapi.ts "$doc")
fi

openapi-python-client generate --path "$doc" --config "$here/openapi-python-client.yaml" \
  --meta none --output-path "$work/service_client" >"$work/generate.log" 2>&1 || {
  cat "$work/generate.log" >&2
  exit 1
}
# The generator warns (exit 0) when it leaves an operation or a response out: treat it as a failure.
if grep -q -i 'warning' "$work/generate.log"; then
  cat "$work/generate.log" >&2
  exit 1
fi
touch "$work/service_client/py.typed"
rm -rf "$work/service_client/.ruff_cache"

target="$here/src/service_client"
if [ -n "$check" ]; then
  if diff -r -q "$target" "$work/service_client" >/dev/null; then
    echo "clients/python: src/service_client matches the OpenAPI document"
  else
    echo "clients/python: src/service_client differs from the OpenAPI document; run clients/python/generate.sh" >&2
    diff -r "$target" "$work/service_client" | head -n 40 >&2
    exit 1
  fi
else
  rm -rf "$target"
  mv "$work/service_client" "$target"
  echo "wrote $target"
fi
