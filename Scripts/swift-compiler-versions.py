#!/usr/bin/env python3
"""Fails when the SDK uses a Swift feature newer than the oldest compiler Package.swift admits, outside `#if compiler`.

    Scripts/swift-compiler-versions.py            Sources/OptoLink, Sources/OptoLinkClientCore, Sources/OptoLinkS2S,
                                                  Sources/OptoLinkTesting
                                                  and Examples/ (what app teams build, with their own Xcode)
    Scripts/swift-compiler-versions.py PATH...    only these files or folders

Package.swift's `swift-tools-version:6.0` lets Xcode 16.0 (Swift 6.0) build the package, and this machine
has only Swift 6.3: a feature of Swift 6.1, 6.2 or 6.3 compiles here and fails there. The features and the
compiler that introduced each are in Scripts/swift-compiler-versions.tsv (with the Swift Evolution proposal
as the source). A use is covered when it sits in an `#if compiler(>=X)` (or `#elseif`) block, alone or with
`&&`, with X at least the feature's version: a compiler skips such a block without parsing it when the
condition is false. `#available` does not cover it (it guards the OS at run time, on a compiler that must
still know the API), nor does `#if swift(>=X)` (it tests the language mode, not the compiler).

The check is lexical (Scripts/swift_source.py: comments and string literals blanked, interpolations kept);
it errs on the side of reporting. Python 3 standard library only.
Run by `swift test` (ApplePlatforms/CompilerVersionCheckTests), and so by .ci/run.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from swift_source import (
    ConditionStack, Version, blank_comments_and_strings, conditional_contexts, last_before, parse_version, show,
    swift_files, table_rows)

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "Scripts" / "swift-compiler-versions.tsv"
PACKAGE = ROOT / "Package.swift"
DEFAULT_PATHS = (
    "Sources/OptoLink", "Sources/OptoLinkClientCore", "Sources/OptoLinkS2S", "Sources/OptoLinkTesting", "Examples",
)

@dataclass
class Feature:
    name: str
    pattern: re.Pattern[str]
    introduced: Version
    proposal: str  # e.g. "SE-0472"


def load_table(path: Path = TABLE) -> list[Feature]:
    features = []
    for number, cells in table_rows(path, ["feature", "pattern", "swift", "checked", "source"]):
        name, pattern, swift, _, source = cells
        proposal = re.match(r"SE-\d{4}\b", source)
        if not proposal:
            raise SystemExit(f"{path}:{number}: the source must start with the proposal (SE-NNNN)")
        features.append(Feature(name, re.compile(pattern), parse_version(swift), proposal.group(0)))
    return features


def oldest_compiler(package: Path = PACKAGE) -> Version:
    """The Swift version Package.swift's first line admits: `// swift-tools-version:6.0` -> (6, 0, 0)."""
    first = package.read_text(encoding="utf-8").splitlines()[0]
    match = re.match(r"//\s*swift-tools-version\s*:\s*(\d+(?:\.\d+)*)", first)
    if not match:
        raise SystemExit(f"{package}:1: no swift-tools-version")
    return parse_version(match.group(1))


COMPILER_TERM = re.compile(r"^\(*compiler\(>=(\d+(?:\.\d+)*)\)\)*$")


def compiler_guarantee(condition: str) -> Version | None:
    """The compiler version a true `#if` condition (whitespace removed) guarantees, if any.

    `compiler(>=6.2)` and `compiler(>=6.2)&&os(iOS)` guarantee 6.2; `compiler(>=6.2)||os(iOS)` nothing.
    """
    guarantees = []
    for alternative in condition.split("||"):
        versions = [parse_version(match.group(1)) for term in alternative.split("&&")
                    if (match := COMPILER_TERM.match(term))]
        if not versions:
            return None
        guarantees.append(max(versions))
    return min(guarantees) if guarantees else None


def guaranteed_compiler(stack: ConditionStack) -> Version:
    """The newest compiler version the enclosing `#if` branches guarantee ((0, 0, 0) when none does)."""
    best: Version = (0, 0, 0)
    for held, _ in stack:
        for condition in held:
            version = compiler_guarantee(condition)
            if version is not None:
                best = max(best, version)
    return best


@dataclass
class Finding:
    path: Path
    line: int
    feature: Feature
    oldest: Version

    def __str__(self) -> str:
        needed = show(self.feature.introduced)
        return (
            f"{self.path}:{self.line}: error: '{self.feature.name}' needs Swift {needed} ({self.feature.proposal}), "
            f"but swift-tools-version {show(self.oldest)} lets Swift {show(self.oldest)} build this: put it under "
            f"`#if compiler(>={needed})`, with an `#else` for older compilers"
        )


def check_file(path: Path, features: list[Feature], oldest: Version) -> list[Finding]:
    code = blank_comments_and_strings(path.read_text(encoding="utf-8"))
    conditionals = conditional_contexts(code)
    offsets = [offset for offset, _ in conditionals]
    findings = []
    for feature in features:
        if feature.introduced <= oldest:
            continue
        for match in feature.pattern.finditer(code):
            if guaranteed_compiler(last_before(conditionals, offsets, match.start())) >= feature.introduced:
                continue
            findings.append(Finding(path, code.count("\n", 0, match.start()) + 1, feature, oldest))
    return sorted(findings, key=lambda finding: (str(finding.path), finding.line, finding.feature.name))


def main(arguments: list[str]) -> int:
    features = load_table()
    oldest = oldest_compiler()
    paths = [Path(argument) for argument in arguments] or [ROOT / path for path in DEFAULT_PATHS]
    files = swift_files(paths)
    findings = [finding for file in files for finding in check_file(file, features, oldest)]
    for finding in findings:
        print(finding)
    newer = sum(1 for feature in features if feature.introduced > oldest)
    if findings:
        print(f"swift-compiler-versions: {len(findings)} problem(s) (oldest compiler: Swift {show(oldest)})")
        return 1
    print(f"swift-compiler-versions: passed: {len(files)} files, {newer} features newer than Swift {show(oldest)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
