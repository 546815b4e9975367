#!/usr/bin/env python3
"""Fails when an Apple API newer than the deployment targets is used outside an availability guard.

    Scripts/apple-availability.py                 Sources/OptoLink (and its OptoLinkClientCore), Sources/OptoLinkTesting (app teams run it in
                                                  their iOS tests), Sources/OptoLinkInspector and its wire types
                                                  (app debug builds) and Examples/, plus the stub cross-check
    Scripts/apple-availability.py PATH...         only these files or folders (no stub cross-check)
    Scripts/apple-availability.py --stubs DIR...  only the stub cross-check, on these stub folders

The APIs and the OS versions that introduced them are in Scripts/apple-availability.tsv. A use is covered
when an enclosing `if #available(...)` block, the rest of a scope after `guard #available(...) else {...}`,
or an `@available(...)` attribute on an enclosing declaration (type, extension, function, property) names
at least the API's version for every platform Package.swift declares (`platforms:`). Platforms not
declared there are not supported and their versions are not checked. A "-" in the table (the API does not
exist on that platform) is checked on every Apple platform, declared or not: the use must sit in an `#if`
branch that cannot be compiled there (`!os(tvOS)`, `canImport(UIKit)` for macOS, `os(iOS)`, the `#else`
of `#if os(tvOS)`), so each platform branch is built only where its APIs exist. An example app states the platforms it is built for and
their deployment targets with a line `// apple-availability: deployment iOS 14.0, macOS 11.0` (exactly
those platforms; not allowed in Sources/OptoLink, which is built for what the package declares).

Why a script: on Linux the compiler targets Linux, where `@available(iOS ...)` is ignored, so the stubs in
Tests/AppleStubs cannot catch an iOS 14 API used by iOS 13 code. The check is lexical (comments and string
literals are blanked first, their interpolations kept: Scripts/swift_source.py); it errs on the side of reporting. Python 3 standard library only.
Run by `swift test` (ApplePlatforms/AvailabilityCheckTests), and so by .ci/run.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from swift_source import (
    ConditionStack, Version, blank_comments_and_strings, conditional_contexts, last_before, parse_version, show,
    swift_files, table_rows)

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "Scripts" / "apple-availability.tsv"
PACKAGE = ROOT / "Package.swift"
PLATFORMS = ("iOS", "macOS", "tvOS", "watchOS", "visionOS")
# OptoLinkTesting ships to app test targets, the inspector (and its wire types) to app debug builds, the clients'
# core with the SDK.
DEFAULT_PATHS = (
    "Sources/OptoLink", "Sources/OptoLinkClientCore", "Sources/OptoLinkTesting", "Sources/OptoLinkInspector",
    "Sources/OptoLinkInspectorWire", "Examples",
)
STUBS = ROOT / "Tests" / "AppleStubs"
UNAVAILABLE = (10_000, 0, 0)  # `@available(iOS, unavailable)`: the code never runs there

@dataclass
class Api:
    name: str
    pattern: re.Pattern[str]
    introduced: dict[str, Version]  # platform -> version; absent: not on that platform


def load_table(path: Path = TABLE) -> list[Api]:
    apis = []
    for _, cells in table_rows(path, ["api", "pattern", *PLATFORMS, "checked", "source"]):
        name, pattern, *versions = cells[:7]
        introduced = {p: parse_version(v) for p, v in zip(PLATFORMS, versions) if v != "-"}
        apis.append(Api(name, re.compile(pattern), introduced))
    return apis


def deployment_targets(package: Path = PACKAGE) -> dict[str, Version]:
    text = package.read_text(encoding="utf-8")
    block = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    if not block:
        raise SystemExit(f"{package}: no platforms: list")
    targets = {}
    for platform, major, minor in re.findall(r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", block.group(1)):
        targets[platform] = (int(major), int(minor or 0), 0)
    return targets


AVAILABILITY_ARGS = re.compile(r"(iOS|macOS|tvOS|watchOS|visionOS)(?:ApplicationExtension)?\s+(\d+(?:\.\d+)*)")
UNAVAILABLE_ARG = re.compile(r"^\s*(iOS|macOS|tvOS|watchOS|visionOS)(?:ApplicationExtension)?\s*,\s*unavailable\b")


def parse_availability(arguments: str) -> dict[str, Version]:
    """`iOS 14.0, macOS 11, *` -> {"iOS": (14, 0), "macOS": (11,)}; `iOS, unavailable` -> never runs there."""
    unavailable = UNAVAILABLE_ARG.match(arguments)
    if unavailable:
        return {unavailable.group(1): UNAVAILABLE}
    return {platform: parse_version(version) for platform, version in AVAILABILITY_ARGS.findall(arguments)}


def merge(into: dict[str, Version], more: dict[str, Version]) -> dict[str, Version]:
    result = dict(into)
    for platform, version in more.items():
        result[platform] = max(result.get(platform, (0, 0, 0)), version)
    return result


@dataclass
class Scope:
    guards: dict[str, Version] = field(default_factory=dict)
    is_guard_else: bool = False
    guard_after: dict[str, Version] = field(default_factory=dict)  # applies to the parent once this closes


TOKEN = re.compile(
    r"(?P<avail>[#@](?:available|unavailable)\s*\()|(?P<attr>@[A-Za-z_][A-Za-z_0-9]*)|(?P<word>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<number>[0-9][A-Za-z_0-9.]*)|(?P<nl>\n)|(?P<punct>->|&&|\|\||[{}()\[\];,.:=<])"
)
CONTINUES_AFTER = {",", "(", "[", "->", ":", "=", "&&", "||", ".", "<"}
CONTINUES_BEFORE = {"{", "->", "where", "throws", "rethrows", "async", ".", ")", "]", ":", "=", "&&", "||", ","}


@dataclass
class Finding:
    path: Path
    line: int
    api: Api
    platform: str
    needed: Version
    have: Version

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.line}: error: '{self.api.name}' needs {self.platform} {show(self.needed)}, "
            f"but this code runs from {self.platform} {show(self.have)}: put it under "
            f"`if #available({self.platform} {show(self.needed)}, *)` or an `@available` declaration"
        )


def availability_contexts(code: str) -> list[tuple[int, dict[str, Version]]]:
    """The guards in force from each offset on: a sorted list of (offset, guards)."""
    contexts: list[tuple[int, dict[str, Version]]] = [(0, {})]
    scopes = [Scope()]
    paren = 0
    pending_attr: dict[str, Version] | None = None
    attr_decl_seen = False
    pending_if: dict[str, Version] | None = None
    pending_guard: dict[str, Version] | None = None
    statement_is_guard = False
    last_token = ""
    tokens = list(TOKEN.finditer(code))

    def current() -> dict[str, Version]:
        merged: dict[str, Version] = {}
        for scope in scopes:
            merged = merge(merged, scope.guards)
        return merge(merged, pending_attr or {})

    def record(offset: int) -> None:
        contexts.append((offset, current()))

    def next_significant(index: int) -> str:
        for token in tokens[index + 1:]:
            if token.lastgroup != "nl":
                return token.group(0)
        return ""

    index = 0
    while index < len(tokens):
        token = tokens[index]
        kind, text = token.lastgroup, token.group(0)
        if kind == "avail":
            depth, j = 1, token.end()
            while j < len(code) and depth:
                depth += {"(": 1, ")": -1}.get(code[j], 0)
                j += 1
            arguments = code[token.end(): j - 1]
            versions = {} if text.startswith("#unavailable") else parse_availability(arguments)
            if text.startswith("@"):
                pending_attr = merge(pending_attr or {}, versions)
                attr_decl_seen = False
                record(token.start())
            elif statement_is_guard:
                pending_guard = merge(pending_guard or {}, versions)
            else:
                pending_if = merge(pending_if or {}, versions)
            while index + 1 < len(tokens) and tokens[index + 1].start() < j:
                index += 1
            last_token = ")"
            index += 1
            continue
        if kind in ("word", "number"):
            if text == "guard":
                statement_is_guard = True
            if pending_attr is not None and paren == 0:
                attr_decl_seen = True  # the declaration the attribute belongs to (other attributes do not count)
        elif kind == "nl":
            if (pending_attr is not None and attr_decl_seen and paren == 0
                    and last_token not in CONTINUES_AFTER and next_significant(index) not in CONTINUES_BEFORE):
                pending_attr = None
                record(token.start())
        elif text in "([":
            paren += 1
        elif text in ")]":
            paren = max(0, paren - 1)
        elif text == "{" and paren == 0:
            scope = Scope()
            if pending_guard is not None:
                scope.is_guard_else, scope.guard_after, pending_guard = True, pending_guard, None
            if pending_if is not None:
                scope.guards, pending_if = pending_if, None
            if pending_attr is not None:
                scope.guards, pending_attr = merge(scope.guards, pending_attr), None
            statement_is_guard = False
            scopes.append(scope)
            record(token.end())
        elif text == "{":
            scopes.append(Scope())  # a closure inside parentheses: no guard of its own
        elif text == "}":
            closed = scopes.pop() if len(scopes) > 1 else Scope()
            if closed.is_guard_else:
                scopes[-1].guards = merge(scopes[-1].guards, closed.guard_after)
            pending_attr = None
            record(token.end())
        elif text == ";":
            pending_attr, statement_is_guard = None, False
            record(token.end())
        if kind != "nl":
            last_token = text
        index += 1
    return contexts


OS_TERM = re.compile(r"^!?os\((\w+)\)$")


def excludes(stack: ConditionStack, platform: str) -> bool:
    """Whether code under these `#if` conditions can never be compiled for `platform`."""
    for held, failed in stack:
        for condition in held:
            if "||" not in condition:
                terms = condition.split("&&")
                if f"!os({platform})" in terms:
                    return True
                if platform == "macOS" and "canImport(UIKit)" in terms:
                    return True  # no UIKit on macOS (Mac Catalyst builds as iOS)
                if any(OS_TERM.match(term) and not term.startswith("!") and term != f"os({platform})" for term in terms):
                    return True
            else:
                terms = condition.split("||")
                if all(OS_TERM.match(term) and not term.startswith("!") for term in terms) and f"os({platform})" not in terms:
                    return True
        for condition in failed:
            terms = condition.split("||")
            if all(OS_TERM.match(term) and not term.startswith("!") for term in terms) and f"os({platform})" in terms:
                return True
    return False


DEPLOYMENT_MARKER = re.compile(r"^\s*// apple-availability: deployment (.+)$", re.M)


def check_file(path: Path, apis: list[Api], package_targets: dict[str, Version]) -> list[Finding | Missing]:
    source = path.read_text(encoding="utf-8")
    targets = dict(package_targets)
    compiled_for = list(PLATFORMS)
    marker = DEPLOYMENT_MARKER.search(source)
    if marker:
        relative = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
        if str(relative).startswith("Sources/OptoLink"):
            raise SystemExit(f"{path}: the SDK's deployment target is the package's; remove the marker")
        # an app's own targets: exactly these platforms, from these versions (never below the package's)
        wanted = parse_availability(marker.group(1))
        targets = {p: max(v, package_targets.get(p, v)) for p, v in wanted.items()}
        compiled_for = list(wanted)
    code = blank_comments_and_strings(source)
    contexts = availability_contexts(code)
    offsets = [offset for offset, _ in contexts]
    conditionals = conditional_contexts(code)
    conditional_offsets = [offset for offset, _ in conditionals]
    findings = []
    for api in apis:
        for match in api.pattern.finditer(code):
            position = match.start()
            guards = last_before(contexts, offsets, position)
            line = code.count("\n", 0, position) + 1
            stack = last_before(conditionals, conditional_offsets, position)
            missing = [p for p in compiled_for if p not in api.introduced and not excludes(stack, p)]
            if missing:
                findings.append(Missing(path, line, api, missing))
                continue
            for platform, deployed in targets.items():
                needed = api.introduced.get(platform)
                if needed is None or needed <= deployed:
                    continue
                if guards.get(platform, (0, 0, 0)) >= needed:
                    continue
                findings.append(Finding(path, line, api, platform, needed, max(deployed, guards.get(platform, (0, 0, 0)))))
                break
    return sorted(findings, key=lambda finding: (str(finding.path), finding.line, finding.api.name))  # type: ignore[union-attr]


@dataclass
class Missing:
    path: Path
    line: int
    api: Api
    platforms: list[str]

    def __str__(self) -> str:
        names = ", ".join(self.platforms)
        return (
            f"{self.path}:{self.line}: error: '{self.api.name}' does not exist on {names}, but this code is "
            f"compiled there: put it under an #if that excludes {names} (e.g. `!os({self.platforms[0]})`)"
        )


STUB_DECL = re.compile(
    r"@available\(([^)]*)\)\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:(?:public|open|nonisolated|final|static|class|mutating)\s+)*"
    r"(?:func|var|let|struct|class|protocol|enum|init)\s*([A-Za-z_][A-Za-z_0-9]*)?"
)


def check_stubs(apis: list[Api], targets: dict[str, Version], stubs: Path = STUBS) -> list[str]:
    """Every stub declaration newer than the deployment targets has a table row with the same versions."""
    rows = {api.name: api for api in apis}
    problems = []
    for path in sorted(stubs.rglob("*.swift")):
        if path.relative_to(stubs).parts[0] in ("Fixtures", "Probe"):
            continue  # only the stub modules' own declarations
        code = blank_comments_and_strings(path.read_text(encoding="utf-8"))
        for match in STUB_DECL.finditer(code):
            versions = parse_availability(match.group(1))
            name = match.group(2) or "init"
            newer = any(platform in targets and version > targets[platform] and version != UNAVAILABLE
                        for platform, version in versions.items())
            if not newer:
                continue
            line = code.count("\n", 0, match.start()) + 1
            row = rows.get(name)
            if row is None:
                problems.append(f"{path}:{line}: error: stub '{name}' is newer than the deployment targets "
                                f"but has no row in {TABLE.name}")
                continue
            for platform, version in versions.items():
                if version != UNAVAILABLE and row.introduced.get(platform) != version:
                    problems.append(f"{path}:{line}: error: stub '{name}' says {platform} {show(version)}, "
                                    f"{TABLE.name} says {show(row.introduced[platform]) if platform in row.introduced else '-'}")
    return problems


def main(arguments: list[str]) -> int:
    apis = load_table()
    targets = deployment_targets()
    if arguments[:1] == ["--stubs"]:
        problems = [problem for folder in arguments[1:] for problem in check_stubs(apis, targets, Path(folder))]
        print("\n".join(problems + [f"apple-availability: stubs: {len(problems)} problem(s)"]))
        return 1 if problems else 0
    paths = [Path(argument) for argument in arguments] or [ROOT / path for path in DEFAULT_PATHS]
    findings = [finding for file in swift_files(paths) for finding in check_file(file, apis, targets)]
    problems = [str(finding) for finding in findings]
    if not arguments:
        problems += check_stubs(apis, targets)
    for problem in problems:
        print(problem)
    checked = ", ".join(f"{platform} {show(version)}" for platform, version in targets.items())
    if problems:
        print(f"apple-availability: {len(problems)} problem(s) (deployment {checked})")
        return 1
    print(f"apple-availability: passed: {len(swift_files(paths))} files, {len(apis)} APIs (deployment {checked})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
