#!/usr/bin/env bash
# Builds the SDK's documentation (the DocC catalog Sources/OptoLink/OptoLink.docc and the doc comments of
# Sources/OptoLink) offline with the toolchain's docc, and fails on any warning: an unresolved symbol
# link, an undocumented parameter, a broken article.
#
#     Scripts/build-docs.sh [OUTPUT]        (default: .build/docs/OptoLink.doccarchive)
#
# 1. The articles' code blocks marked `<!-- snippet: FILE#NAME -->` must be FILE's region, verbatim
#    (Scripts/check-readme-snippets.py; the regions live in Examples/ and Tests/OptoLinkTests/Docs/).
# 2. `swift package dump-symbol-graph` builds the package (nothing to do after `swift test`) and extracts
#    the public symbols; only the OptoLink module's graphs go to docc.
#    No public symbol of OptoLink may name the inspector (a product of its own, debug builds only).
# 3. `docc convert --warnings-as-errors`. No swift-docc-plugin: none can be fetched here.
# Run by .ci/run. Open the archive with `docc preview` or serve it as a static site after
# `docc process-archive transform-for-static-hosting`.
set -euo pipefail
cd "$(dirname "$0")/.."

catalog=Sources/OptoLink/OptoLink.docc
output="${1:-.build/docs/OptoLink.doccarchive}"

for article in "$catalog"/*.md; do
  python3 Scripts/check-readme-snippets.py "$article"
done

log=$(mktemp)
graphs=$(mktemp -d)
trap 'rm -rf "$log" "$graphs"' EXIT
if ! swift package dump-symbol-graph >"$log" 2>&1; then
  cat "$log" >&2
  echo "build-docs: swift package dump-symbol-graph failed" >&2
  exit 1
fi
written=$(sed -n 's/^Files written to //p' "$log" | tail -1)
if [ -z "$written" ] || [ ! -f "$written/OptoLink.symbols.json" ]; then
  cat "$log" >&2
  echo "build-docs: no OptoLink.symbols.json from dump-symbol-graph" >&2
  exit 1
fi
cp "$written"/OptoLink.symbols.json "$graphs"/
for extension in "$written"/OptoLink@*.symbols.json; do
  [ -e "$extension" ] && cp "$extension" "$graphs"/
done

# What an app ships: no public symbol of the SDK is the inspector's (it is the OptoLinkInspector product,
# reaching the SDK through a `package` hook that never appears here).
python3 - "$graphs" <<'PY'
import json, pathlib, sys
names = [".".join(symbol["pathComponents"])
         for graph in pathlib.Path(sys.argv[1]).glob("*.symbols.json")
         for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]]
found = sorted(name for name in names if "inspect" in name.lower())
if not names or found:
    sys.exit("build-docs: the SDK's public API holds inspector symbols: " + ", ".join(found or ["(no symbols read)"]))
PY

rm -rf "$output"
mkdir -p "$(dirname "$output")"
docc convert "$catalog" \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name OptoLink \
  --fallback-bundle-identifier com.optolink.OptoLink \
  --output-path "$output" \
  --warnings-as-errors
echo "build-docs: documentation written to $output"
