#!/usr/bin/env bash
# Validates the dashboard's exports with PyPI's jsonschema (HAR against Scripts/schemas/har-1.2.schema.json)
# and junitparser (JUnit XML), from a virtualenv made once (as Scripts/schemathesis.sh makes its own).
#
#   Scripts/validate-exports.sh --har requests.har --junit junit.xml
#   Scripts/validate-exports.sh --install      # only make the virtualenv
#
# Exit codes: 0 valid, 1 invalid, 77 the virtualenv could not be made (no Python 3 venv, or PyPI unreachable).
# Environment: OPTOLINK_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/optolink), PYTHON (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${OPTOLINK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/optolink}
venv="$cache/export-validators"
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import jsonschema, junitparser" 2>/dev/null; then
  echo "validate-exports.sh: installing jsonschema and junitparser into $venv" >&2
  mkdir -p "$cache"
  if ! { "$python" -m venv "$venv" >&2 && "$venv/bin/pip" install --quiet --disable-pip-version-check \
           "jsonschema==4.26.0" "junitparser==5.0.3" >&2; }; then
    echo "validate-exports.sh: could not make the virtualenv (is PyPI reachable?)" >&2
    exit 77
  fi
fi
[ "${1:-}" = "--install" ] && exit 0
args=("$@")
for i in "${!args[@]}"; do
  if [ "${args[$i]}" = "--har" ]; then args+=(--schema "Scripts/schemas/har-1.2.schema.json"); break; fi
done
exec "$venv/bin/python" Scripts/validate_exports.py "${args[@]}"
