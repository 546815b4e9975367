#!/usr/bin/env bash
# Type-checks the SDK's Apple-only branches, the debug inspector's Network.framework branch, OptoLinkS2S's CryptoKit
# branch and the example apps on Linux, against
# the stub modules in Tests/AppleStubs (UIKit, SwiftUI, Network, os, CryptoKit and AppleOnlyFoundation: the
# Apple-only part of Foundation).
#
#   Scripts/apple-typecheck.sh                 the stubs, the clients' shared core, the SDK, the inspector (its wire types, then its
#                                              Network.framework branch), the probe, OptoLinkS2S, every
#                                              Examples/*/ app
#   Scripts/apple-typecheck.sh DIR...          the same, with only these example folders
#   --out DIR                                  keep the built modules in DIR (default: a temporary folder)
#   --reuse DIR                                use the modules an earlier --out DIR built: check only the given
#                                              example folders (and --sdk-extra), without rebuilding
#   --sdk-extra FILE                           also compile FILE with the SDK's sources (the checker's own tests)
#   --s2s-extra FILE                           also compile FILE with OptoLinkS2S's sources (the same)
#
# With the stubs on the import path, `#if canImport(UIKit)` / `canImport(SwiftUI)` / `canImport(Network)` / `canImport(os)` are true, so every such
# branch of Sources/OptoLink and Sources/OptoLinkInspector is compiled. `#if os(iOS)` stays false on Linux: keep Apple-only code behind
# canImport. Availability is not checked by the compiler here (the target is Linux, where `@available(iOS…)`
# is ignored): Scripts/apple-availability.py does that. Warnings are errors. Exits non-zero on any failure.
# Run by .ci/run through `OPTOLINK_APPLE_TYPECHECK=1 swift test --filter AppleTypecheckTests` (a step of its own).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

sdk_extra=()
s2s_extra=()
examples=()
out=""
reuse=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sdk-extra) sdk_extra+=("$2"); shift 2 ;;
    --s2s-extra) s2s_extra+=("$2"); shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --reuse) reuse="$2"; shift 2 ;;
    *) examples+=("${1%/}"); shift ;;
  esac
done
if [ ${#examples[@]} -eq 0 ] && [ -z "$reuse" ]; then
  for dir in Examples/*/; do examples+=("${dir%/}"); done
fi

if [ -n "$reuse" ]; then
  out="$reuse"
  [ -f "$out/OptoLink.swiftmodule" ] || { echo "apple-typecheck: nothing built in $out (run with --out first)" >&2; exit 1; }
elif [ -n "$out" ]; then
  mkdir -p "$out"
else
  out="$(mktemp -d "${TMPDIR:-/tmp}/apple-typecheck.XXXXXX")"
  trap 'rm -rf "$out"' EXIT
fi

# The package's Swift settings: language mode 6 and the upcoming features Package.swift enables.
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -I "$out" -module-cache-path "$out/cache")
while read -r feature; do
  flags+=(-enable-upcoming-feature "$feature")
done < <(grep -o 'enableUpcomingFeature("[A-Za-z]*")' Package.swift | sed 's/.*("\(.*\)")/\1/' | sort -u)

# The package's own modules share a package name, so the inspector sees the SDK's `package` hook; the
# examples (an app's code) do not get it: to them the SDK is its public API.
package=(-package-name OptoLinkSwift)

step() { echo "apple-typecheck: $*"; }

emit() { # module-name files...
  local name="$1"; shift
  swiftc "${flags[@]}" -emit-module -module-name "$name" -emit-module-path "$out/$name.swiftmodule" "$@"
}

mapfile -t core < <(find Sources/OptoLinkClientCore -name '*.swift' | sort)
mapfile -t sdk < <(find Sources/OptoLink -name '*.swift' | sort)
mapfile -t wire < <(find Sources/OptoLinkInspectorWire -name '*.swift' | sort)
mapfile -t inspector < <(find Sources/OptoLinkInspector -name '*.swift' | sort)
if [ -z "$reuse" ]; then
  step "stub modules: AppleOnlyFoundation UIKit SwiftUI Network os CryptoKit"
  emit AppleOnlyFoundation Tests/AppleStubs/AppleOnlyFoundation/*.swift
  emit os Tests/AppleStubs/os/*.swift
  emit UIKit Tests/AppleStubs/UIKit/*.swift
  emit SwiftUI Tests/AppleStubs/SwiftUI/*.swift
  emit Network Tests/AppleStubs/Network/*.swift
  emit CryptoKit Tests/AppleStubs/CryptoKit/*.swift

  # What the SDK and OptoLinkS2S share (not a product: `package` symbols only).
  step "OptoLinkClientCore: ${#core[@]} files"
  emit OptoLinkClientCore -wmo "${package[@]}" "${core[@]}"

  step "SDK: ${#sdk[@]} files of Sources/OptoLink${sdk_extra:+ + ${sdk_extra[*]}}"
  emit OptoLink -wmo "${package[@]}" "${sdk[@]}" "${sdk_extra[@]}"

  # The debug inspector (a product of its own): NWConnection and NWBrowser on Apple platforms. The examples
  # import it behind `#if DEBUG`, the probe calls its Network-only API.
  step "OptoLinkInspector: ${#wire[@]} files of Sources/OptoLinkInspectorWire, ${#inspector[@]} of Sources/OptoLinkInspector (Network branch)"
  emit OptoLinkInspectorWire -wmo "${package[@]}" "${wire[@]}"
  emit OptoLinkInspector -wmo "${package[@]}" "${inspector[@]}"

  step "probe: the SDK's UIKit and SwiftUI branches and the inspector's Network branch were compiled"
  swiftc "${flags[@]}" -typecheck Tests/AppleStubs/Probe/*.swift

elif [ ${#sdk_extra[@]} -gt 0 ]; then
  step "SDK: ${#sdk[@]} files of Sources/OptoLink + ${sdk_extra[*]}"
  swiftc "${flags[@]}" "${package[@]}" -typecheck -module-name OptoLink "${sdk[@]}" "${sdk_extra[@]}"
fi

# The backend library's HMAC on Apple platforms. CCrypto (its Linux branch) is not on this import path, so
# a file that stopped taking the CryptoKit branch would reach its `#error` and fail here.
if [ -z "$reuse" ] || [ ${#s2s_extra[@]} -gt 0 ]; then
  mapfile -t s2s < <(find Sources/OptoLinkS2S -name '*.swift' | sort)
  step "OptoLinkS2S: ${#s2s[@]} files, CryptoKit branch${s2s_extra:+ + ${s2s_extra[*]}}"
  swiftc "${flags[@]}" "${package[@]}" -typecheck -module-name OptoLinkS2S "${s2s[@]}" "${s2s_extra[@]}"
fi

for dir in "${examples[@]}"; do
  mapfile -t files < <(find "$dir" -name '*.swift' | sort)
  [ ${#files[@]} -gt 0 ] || { echo "apple-typecheck: no Swift files in $dir" >&2; exit 1; }
  # Both build configurations: release (no DEBUG) and debug (-D DEBUG: the inspector's #if DEBUG blocks).
  step "example $dir: ${files[*]}"
  swiftc "${flags[@]}" -typecheck "${files[@]}"
  step "example $dir with -D DEBUG"
  swiftc "${flags[@]}" -D DEBUG -typecheck "${files[@]}"
done
step "passed (${#sdk[@]} SDK files, ${#inspector[@]} inspector files, ${#examples[@]} examples)"
