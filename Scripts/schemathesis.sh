#!/usr/bin/env bash
# Contract fuzzing: runs schemathesis (from PyPI) against docs/openapi.yaml and a freshly built
# optolink-server on 127.0.0.1 (a free port), then stops the server. Exits non-zero on any failure.
#
#   Scripts/schemathesis.sh                       # default budget (about a minute)
#   OPTOLINK_LONG=1 Scripts/schemathesis.sh       # 10x the examples per operation
#   ST_MAX_EXAMPLES=50 ST_SEED=1 Scripts/schemathesis.sh
#
# Environment:
#   OPTOLINK_CACHE        where the virtualenv lives (default ${XDG_CACHE_HOME:-$HOME/.cache}/optolink)
#   SCHEMATHESIS_VERSION  the version pip installs (default 4.32.5, the one this script was made to pass with)
#   ST_MAX_EXAMPLES       examples per operation (default 60; 600 with OPTOLINK_LONG=1)
#   ST_SEED               schemathesis seed (default: random, printed by schemathesis)
#   ST_WORKERS            concurrent schemathesis workers (default 1: with 2, CPython 3.11 sometimes raises
#                         "SystemError: AST constructor recursion depth mismatch" inside schemathesis itself)
#   PYTHON                the Python 3 to build the venv with (default python3)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

version=${SCHEMATHESIS_VERSION:-4.32.5}
cache=${OPTOLINK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/optolink}
venv="$cache/schemathesis-$version"
python=${PYTHON:-python3}
if [ "${OPTOLINK_LONG:-0}" = 1 ]; then examples=${ST_MAX_EXAMPLES:-600}; else examples=${ST_MAX_EXAMPLES:-60}; fi

# 1. schemathesis in its own virtualenv (created once, reused).
if [ ! -x "$venv/bin/schemathesis" ]; then
  echo "schemathesis.sh: installing schemathesis $version into $venv"
  mkdir -p "$cache"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip
  "$venv/bin/pip" install --quiet "schemathesis==$version"
fi

# 2. The server, built and started on a free port.
swift build --product optolink-server >&2
bin="$(swift build --show-bin-path)/optolink-server"
work=$(mktemp -d "${TMPDIR:-/tmp}/optolink-schemathesis.XXXXXX")
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

mkfifo "$work/stdout"
# --trust-forwarded-for: the hook below gives every request its own client address, so the
# per-address rate limits (match 30/min…) do not turn the run into a wall of 429s.
"$bin" --port 0 --trust-forwarded-for >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
exec 3<"$work/stdout"
base=""
while IFS= read -r -t 30 line <&3; do
  case "$line" in
    "listening on "*) base=${line#listening on }; break ;;
  esac
done
if [ -z "$base" ]; then
  echo "schemathesis.sh: the server did not print 'listening on' within 30 s" >&2
  cat "$work/stderr" >&2
  exit 1
fi
cat <&3 >/dev/null &   # keep draining the server's stdout
echo "schemathesis.sh: server at $base (pid $server_pid)"

# 3. Keys per security scheme, and a distinct client address per request.
cat >"$work/schemathesis.toml" <<'EOF'
[auth.openapi.clientKey]
bearer = "opl_sdk_demo_client_key_0000000001"

[auth.openapi.serverKey]
bearer = "opl_api_demo_server_key_0000000001"

[auth.openapi.quberouteKey]
bearer = "qr_live_demo_publishable_key_0001"

[auth.openapi.deepblueKey]
api_key = "dbl_live_demo_key_0000000001"
EOF
cat >"$work/optolink_hooks.py" <<'EOF'
import itertools
import schemathesis

_addresses = itertools.count(1)


@schemathesis.hook
def before_call(ctx, case, kwargs):
    """Every request comes from its own address (the server trusts X-Forwarded-For here)."""
    n = next(_addresses)
    headers = dict(case.headers or {})
    headers["X-Forwarded-For"] = f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"
    case.headers = headers
EOF

# 4. Fuzz every operation except POST /dev/faults, whose purpose is to make the server fail on
#    purpose (a `status` 500 fault or a 120 s `delay` would be reported as server errors / hangs);
#    the fault endpoints are covered by OptoLinkServerTests and the end-to-end fault tests.
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection
seed_args=()
[ -n "${ST_SEED:-}" ] && seed_args=(--seed "$ST_SEED")
status=0
run() {
  (
    cd "$work"
    PYTHONPATH="$work" SCHEMATHESIS_HOOKS=optolink_hooks "$venv/bin/schemathesis" \
      --config-file "$work/schemathesis.toml" run "$root/docs/openapi.yaml" \
      --url "$base" \
      --exclude-name "POST /dev/faults" \
      --max-examples "$examples" \
      --workers "${ST_WORKERS:-1}" \
      --request-timeout 25 \
      --no-color \
      "${seed_args[@]}" "$@"
  )
}
# Every operation, with every check (the QR routes included: they draw their images).
run --checks "$checks" || status=$?

if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "schemathesis.sh: the server died during the run" >&2
  cat "$work/stderr" >&2
  status=1
fi
exit $status
