#!/usr/bin/env bash
# Guarantees every line of Swift source is at most 120 columns, counted in Unicode characters (not bytes):
# the .swift files under Sources, Tests (not Tests/AppleStubs) and Examples, and Package.swift. Prints
# `path:line: N columns` for each longer line and exits 1 if there is any.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import os, sys
paths = ["Package.swift"]
for root in ["Sources", "Tests", "Examples"]:
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if os.path.join(folder, d) != os.path.join("Tests", "AppleStubs"))
        paths += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".swift")]
long = 0
for path in paths:
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            columns = len(line.rstrip("\r\n"))
            if columns > 120:
                print(f"{path}:{number}: {columns} columns")
                long += 1
sys.exit(1 if long else 0)
PY
