import Foundation
import Testing

extension Tag {
    /// Drives `optolink-dash` in a real terminal (tmux).
    @Tag public static var terminal: Self
    /// Measures real time or waits on it (backoff waits, attempt deadlines, timeouts and idle windows of
    /// seconds): its answer depends on how busy the machine is.
    @Tag public static var realTime: Self
    /// Spawns binaries: the built `optolink-dash`, `optolink-server` or `optolink-event-child`, scripts,
    /// or tools (tmux, zbarimg, plutil, python3).
    @Tag public static var processes: Self
    /// Loads the machine: thousands of requests, hundreds of connections, processes killed mid-write,
    /// long seeded or fuzzed runs.
    @Tag public static var load: Self
}

/// The tiers of tests a fast inner loop leaves out, named by `OPTOLINK_SKIP_TAGS` (comma-separated tag
/// names, or `all` for the four):
///
/// ```sh
/// OPTOLINK_SKIP_TAGS=all swift test                      # the fast inner loop (docs/testing.md)
/// OPTOLINK_SKIP_TAGS=terminal,load swift test            # everything but tmux and load
/// ```
///
/// Unset (CI's `.ci/run`, a plain `swift test`), every test runs. Swift Testing in this toolchain cannot
/// filter by tag from the command line (`swift test --skip tag:…` is a name pattern there), so each tagged
/// test or suite also carries ``Testing/Trait/skippable(_:)`` with the same tags, which reads this.
public enum TestTiers {
    /// Every tier tag, by the name `OPTOLINK_SKIP_TAGS` uses.
    public static let tags: [String: Tag] = [
        "terminal": .terminal, "realTime": .realTime, "processes": .processes, "load": .load,
    ]

    /// The tiers `OPTOLINK_SKIP_TAGS` names in this process (empty when it is unset).
    public static let skipped: Set<Tag> = skipped(by: ProcessInfo.processInfo.environment["OPTOLINK_SKIP_TAGS"])

    /// The tiers `value` names: tag names separated by commas (spaces ignored), or `all`. An unknown name
    /// stops the run with a message naming the known ones, so a typo never runs the slow tiers unnoticed.
    public static func skipped(by value: String?) -> Set<Tag> {
        let names = (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if names == ["all"] { return Set(tags.values) }
        return Set(
            names.map { name in
                guard let tag = tags[name] else {
                    fatalError(
                        "OPTOLINK_SKIP_TAGS: unknown tag \(name); known: "
                            + "all, \(tags.keys.sorted().joined(separator: ", "))"
                    )
                }
                return tag
            })
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test or suite when `OPTOLINK_SKIP_TAGS` names one of `tags` (see ``TestTiers``); give the
    /// same tags as the test's `.tags(…)`:
    ///
    /// ```swift
    /// @Suite(.tags(.terminal, .processes), .skippable(.terminal, .processes))
    /// ```
    public static func skippable(_ tags: Tag...) -> Self {
        .disabled(
            if: !TestTiers.skipped.isDisjoint(with: tags),
            "OPTOLINK_SKIP_TAGS leaves out \(tags.map { "\($0)" }.joined(separator: ", "))")
    }
}
