#!/usr/bin/env bash
# The clients' release builds call the shared core's generics specialized for their own types, never the
# generic entry points through witness tables (docs/benchmarks.md, "Direct opens since the redesign").
# Reads the undefined symbols of the SDK's and the S2S client's release objects with nm; a call to the
# unspecialized JSONTreeParser or AttemptRace fails, naming the object and the symbol.
#
#   Scripts/check-specialization.sh             after `swift build -c release` (CI builds it for the bench)
#   Scripts/check-specialization.sh BUILD_DIR   another release build directory
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir="${1:-.build/release}"
found=0
checked=0
for module in OptoLink OptoLinkS2S; do
  for object in "$build_dir/$module.build"/*.o; do
    [ -e "$object" ] || continue
    checked=$((checked + 1))
    # Undefined references to the core's generic parser or race that are not a specialization.
    calls=$(nm "$object" | swift demangle | grep ' U ' \
      | grep -E 'OptoLinkClientCore\.(JSONTreeParser\.(decode|parse|document|value)|AttemptRace\.run)\(' \
      | grep -v 'generic specialization' || true)
    if [ -n "$calls" ]; then
      found=1
      echo "check-specialization: $object calls the core's generic code unspecialized:" >&2
      echo "$calls" | sed 's/^ *U /  /' >&2
    fi
  done
done
if [ "$checked" -eq 0 ]; then
  echo "check-specialization: no release objects under $build_dir (run swift build -c release first)" >&2
  exit 2
fi
if [ "$found" -ne 0 ]; then exit 1; fi
echo "check-specialization: $checked objects, every call into the core's parser and race specialized"
