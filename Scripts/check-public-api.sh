#!/usr/bin/env bash
# The public API of every SDK product (OptoLink, OptoLinkTesting, OptoLinkInspector, OptoLinkS2S), dumped with
# the toolchain's swift-api-digester from the built modules and compared with the baselines in api/<Module>.json.
# A difference fails, printing it (a declaration per line, "-" removed, "+" added) and the digester's list of
# what breaks existing callers; an intended change is accepted with --update (docs/layout.md, "Public API").
#
#   Scripts/check-public-api.sh                     builds the four products (debug), then compares
#   Scripts/check-public-api.sh --skip-build        compares the modules already in the build directory
#   Scripts/check-public-api.sh --update            writes the current API as the new baselines
#   Scripts/check-public-api.sh --baseline-dir DIR  compares with (or updates) DIR instead of api/
#
# The build directory is .build/debug unless OPTOLINK_BUILD_DIR says otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(OptoLink OptoLinkTesting OptoLinkInspector OptoLinkS2S)
update=0
build=1
baseline_dir=api
while [ $# -gt 0 ]; do
  case "$1" in
    --update) update=1 ;;
    --skip-build) build=0 ;;
    --baseline-dir) baseline_dir="$2"; shift ;;
    *) echo "check-public-api: unknown argument $1 (see the script's header)" >&2; exit 2 ;;
  esac
  shift
done
build_dir="${OPTOLINK_BUILD_DIR:-.build/debug}"

if [ "$build" = 1 ]; then
  for module in "${modules[@]}"; do swift build --product "$module" >/dev/null; done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$baseline_dir"
failed=0
for module in "${modules[@]}"; do
  if [ ! -f "$build_dir/Modules/$module.swiftmodule" ]; then
    echo "check-public-api: $build_dir/Modules/$module.swiftmodule is missing: build first (or drop --skip-build)" >&2
    exit 2
  fi
  # -I Sources/CCrypto: OptoLinkS2S imports the libcrypto shim on Linux. No locations or tool arguments in the
  # dump, so it depends on the API only.
  swift api-digester -dump-sdk -module "$module" -I "$build_dir/Modules" -I Sources/CCrypto \
    -avoid-location -avoid-tool-args -o "$work/$module.dump.json"
  python3 Scripts/public_api.py public "$work/$module.dump.json" "$work/$module.json"
  baseline="$baseline_dir/$module.json"
  if [ "$update" = 1 ]; then
    cp "$work/$module.json" "$baseline"
    echo "check-public-api: $baseline updated"
  elif [ ! -f "$baseline" ]; then
    echo "check-public-api: $module: no baseline $baseline; record one with Scripts/check-public-api.sh --update"
    failed=1
  elif ! cmp -s "$work/$module.json" "$baseline"; then
    echo "check-public-api: $module's public API differs from $baseline:"
    changed=$(diff -U 0 <(python3 Scripts/public_api.py lines "$baseline") \
      <(python3 Scripts/public_api.py lines "$work/$module.json") | grep -E '^[-+][^-+]' || true)
    echo "${changed:-  (only the dump's details differ: the digester's version or its field order)}"
    breaking=$(swift api-digester -diagnose-sdk -module "$module" -I "$build_dir/Modules" -I Sources/CCrypto \
      -baseline-path "$baseline" -disable-fail-on-error 2>&1 | grep -vE '^(/\* .* \*/)?$' || true)
    if [ -n "$breaking" ]; then
      echo "  what breaks existing callers (swift-api-digester -diagnose-sdk):"
      echo "$breaking" | sed 's/^/    /'
    fi
    failed=1
  else
    echo "check-public-api: $module matches $baseline"
  fi
done

if [ "$update" = 1 ]; then echo "check-public-api: baselines written: commit them with the change"; exit 0; fi
if [ "$failed" = 1 ]; then
  echo "check-public-api: FAILED. If the change is intended, accept it with Scripts/check-public-api.sh --update"
  echo "  and commit api/*.json with the change (docs/layout.md, 'Public API', says what to check first)."
  exit 1
fi
echo "check-public-api: passed"
