#!/usr/bin/env bash
# One install step of `make install`, quietly: `scripts/step.sh "what it does" command args...`
# runs the command with its output appended to .install.log and prints one line (what, seconds);
# on failure it prints the log's last 40 lines and exits with the command's status. VERBOSE=1 shows
# everything as it happens.
set -uo pipefail
label=$1; shift
log="$(dirname "$0")/../.install.log"
if [ -n "${VERBOSE:-}" ]; then exec "$@"; fi
start=$SECONDS
printf '%s … ' "$label"
{ printf '\n== %s: %s (%s)\n' "$label" "$*" "$(date -Is)"; } >>"$log"
"$@" >>"$log" 2>&1
status=$?
if [ $status -ne 0 ]; then
  printf 'failed (exit %d); the last lines of %s:\n' "$status" "$(realpath "$log")"
  tail -n 40 "$log"
  exit $status
fi
printf 'done (%d s)\n' $((SECONDS - start))
