"""Reading Swift source lexically, for the checks in this folder (apple-availability.py, swift-compiler-versions.py).

    blank_comments_and_strings(source)  comments and string literals' text as spaces, interpolations kept as code
    conditional_contexts(code)          the `#if` conditions in force from each offset on
    last_before(contexts, offsets, at)  the context in force at an offset
    swift_files(paths)                  the .swift files of files and folders
    table_rows(path, header)            a check's .tsv table: its rows, after the header it must have
    parse_version(text), show(version)  "13.4" <-> (13, 4, 0)

Offsets are preserved: a blanked character becomes a space (a newline stays a newline), so an offset or a
line number in the blanked code is the same in the source. Python 3 standard library only.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

Version = tuple[int, ...]


def parse_version(text: str) -> Version:
    """`14` -> (14, 0, 0), `13.4` -> (13, 4, 0): padded, so 15 and 15.0 compare equal."""
    parts = tuple(int(part) for part in text.split("."))
    return (parts + (0, 0, 0))[:3]


def show(version: Version) -> str:
    """(13, 4, 0) -> "13.4", (10, 15, 4) -> "10.15.4"."""
    return ".".join(str(part) for part in (version[:2] if version[2:] == (0,) else version))


def table_rows(path: Path, header: list[str]) -> Iterator[tuple[int, list[str]]]:
    """The (line number, tab-separated cells) of each row of `path`, a table whose first row that is not
    blank or a `#` comment must start with `header`; every row must have as many cells as the header."""
    header_seen = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            header_seen = True
            if cells[:len(header)] != header:
                raise SystemExit(f"{path}:{number}: unexpected header {cells}")
            width = len(cells)
            continue
        if len(cells) != width:
            raise SystemExit(f"{path}:{number}: expected {width} tab-separated columns, got {len(cells)}")
        yield number, cells


def blank_comments_and_strings(source: str) -> str:
    """Returns `source` with comments and the text of string literals replaced by spaces (newlines kept).

    A string's delimiters stay (its quotes and hashes), so `f(a, "x")` still reads as an argument list
    that does not end in a comma. A string's interpolations (`\\(value)`, `\\#(value)` in a raw string) are code and stay, with their
    `\\(` and `)`, so a check sees what they call: `"\\(Date.now)"` uses `Date.now`.
    """
    out: list[str] = []
    _code(source, 0, out, inside_interpolation=False)
    return "".join(out)


def _blank(segment: str) -> str:
    return "".join("\n" if c == "\n" else " " for c in segment)


STRING_START = re.compile(r'#*"')


def _code(source: str, i: int, out: list[str], inside_interpolation: bool) -> int:
    """Copies code from `i`, blanking comments and strings; inside an interpolation, stops before its `)`."""
    n = len(source)
    depth = 0
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(_blank(source[i:end]))
            i = end
        elif source.startswith("/*", i):
            nesting, j = 1, i + 2
            while j < n and nesting:
                if source.startswith("/*", j):
                    nesting, j = nesting + 1, j + 2
                elif source.startswith("*/", j):
                    nesting, j = nesting - 1, j + 2
                else:
                    j += 1
            out.append(_blank(source[i:j]))
            i = j
        elif c in '"#' and STRING_START.match(source, i):
            i = _string(source, i, out)
        else:
            if inside_interpolation:
                if c == "(":
                    depth += 1
                elif c == ")":
                    if depth == 0:
                        return i
                    depth -= 1
            out.append(c)
            i += 1
    return i


def _string(source: str, i: int, out: list[str]) -> int:
    """Blanks the string literal at `i` (keeping its interpolations) and returns the offset after it."""
    n = len(source)
    hashes = len(re.match(r"#*", source[i:]).group(0))
    j = i + hashes
    triple = source.startswith('"""', j)
    opener = '"""' if triple else '"'
    closer = opener + "#" * hashes
    escape = "\\" + "#" * hashes
    j += len(opener)
    out.append(source[i:j])  # the delimiters stay: `f(a, "")` has no trailing comma
    start = j
    while j < n:
        if source.startswith(escape, j):
            after = j + len(escape)
            if after < n and source[after] == "(":
                out.append(_blank(source[start:j]))
                out.append(source[j:after + 1])  # `\(` stays: it marks an interpolation
                j = _code(source, after + 1, out, inside_interpolation=True)
                if j < n:
                    out.append(")")
                    j += 1
                start = j
                continue
            j = after + 1  # an escaped character
            continue
        if source.startswith(closer, j):
            out.append(_blank(source[start:j]))
            out.append(closer)
            return j + len(closer)
        if not triple and source[j] == "\n":
            break
        j += 1
    out.append(_blank(source[start:j]))
    return j


DIRECTIVE = re.compile(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$", re.M)

# For each `#if` region: the stack of (conditions that hold, conditions that do not), whitespace removed.
ConditionStack = list[tuple[list[str], list[str]]]


def conditional_contexts(code: str) -> list[tuple[int, ConditionStack]]:
    """For each `#if` region, from which offset on: the stack of (conditions that hold, conditions that do not)."""
    stack: ConditionStack = []
    contexts: list[tuple[int, ConditionStack]] = [(0, [])]
    for directive in DIRECTIVE.finditer(code):
        keyword, condition = directive.group(1), re.sub(r"\s+", "", directive.group(2))
        if keyword == "if":
            stack.append(([condition], []))
        elif keyword == "elseif" and stack:
            held, failed = stack.pop()
            stack.append(([condition], failed + held))
        elif keyword == "else" and stack:
            held, failed = stack.pop()
            stack.append(([], failed + held))
        elif keyword == "endif" and stack:
            stack.pop()
        contexts.append((directive.end(), [(list(held), list(failed)) for held, failed in stack]))
    return contexts


def last_before(contexts: list, offsets: list[int], position: int):
    """The context of the last entry of `contexts` (sorted by offset, `offsets` its offsets) at or before `position`."""
    low, high = 0, len(offsets)
    while low < high:
        middle = (low + high) // 2
        if offsets[middle] <= position:
            low = middle + 1
        else:
            high = middle
    return contexts[low - 1][1]


def swift_files(paths: list[Path]) -> list[Path]:
    """The .swift files of `paths`, each folder's sorted."""
    files = []
    for path in paths:
        files.extend(sorted(path.rglob("*.swift")) if path.is_dir() else [path])
    return files
