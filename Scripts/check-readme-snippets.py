#!/usr/bin/env python3
"""Fails when a README code block marked as taken from an example differs from that example.

    Scripts/check-readme-snippets.py [README]      (default: README.md)

A block is marked by the line just before its opening fence:

    <!-- snippet: Examples/SwiftUIApp/ShopApp.swift#scene -->
    ```swift
    ...
    ```

and its region in the example is the lines between `// snippet: scene` and the next `// snippet: end`.
Both sides are compared after removing their common indentation; anything else must match verbatim.
Run by `swift test` (ApplePlatforms/ReadmeSnippetTests), and so by .ci/run.
"""

from __future__ import annotations

import difflib
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- snippet: (?P<path>[^#\s]+)#(?P<name>[\w-]+) -->$")


def region(path: Path, name: str) -> list[str] | None:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = f"// snippet: {name}"
    for index, line in enumerate(lines):
        if line.strip() == start:
            body = []
            for following in lines[index + 1:]:
                if following.strip() == "// snippet: end":
                    return body
                body.append(following)
            return None
    return None


def dedent(lines: list[str]) -> list[str]:
    return textwrap.dedent("\n".join(lines)).splitlines()


def main(arguments: list[str]) -> int:
    readme = Path(arguments[0]) if arguments else ROOT / "README.md"
    lines = readme.read_text(encoding="utf-8").splitlines()
    problems, checked = [], 0
    for number, line in enumerate(lines, 1):
        marker = MARKER.match(line.strip())
        if not marker:
            continue
        where = f"{readme}:{number}"
        if number >= len(lines) or lines[number].strip() != "```swift":
            problems.append(f"{where}: error: a snippet marker must be followed by a ```swift block")
            continue
        try:
            end = next(i for i in range(number + 1, len(lines)) if lines[i].strip() == "```")
        except StopIteration:
            problems.append(f"{where}: error: the ```swift block is not closed")
            continue
        block = lines[number + 1:end]
        source = ROOT / marker.group("path")
        if not source.is_file():
            problems.append(f"{where}: error: no file {marker.group('path')}")
            continue
        expected = region(source, marker.group("name"))
        if expected is None:
            problems.append(f"{where}: error: no region '// snippet: {marker.group('name')}' … '// snippet: end' "
                            f"in {marker.group('path')}")
            continue
        checked += 1
        if dedent(block) != dedent(expected):
            diff = difflib.unified_diff(dedent(expected), dedent(block), marker.group("path"), "README", lineterm="")
            problems.append(f"{where}: error: the block differs from {marker.group('path')}#{marker.group('name')}:\n"
                            + "\n".join(diff))
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-readme-snippets: {len(problems)} problem(s)")
        return 1
    print(f"check-readme-snippets: passed: {checked} snippets in {readme.name} match the examples")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
