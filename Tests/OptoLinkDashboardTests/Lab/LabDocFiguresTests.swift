import Foundation
import TestSupport
import Testing

@testable import DashboardLab
@testable import OptoLinkDashboard

/// docs/lab.md's "What the default lab shows" quotes only figures its commands print: each `optolink-dash lab …` block
/// is run (in process, as the binary runs it; gated: two 5 000-install labs with their sweeps load a core), every line
/// of the excerpt after it must be a line of that output, and every percentage and every count of three digits or more
/// in the section's prose must be printed by one of the commands.
@Suite(
    "docs/lab.md: the figures it quotes are the commands' output", .serialized, .quietMachine,
    .tags(.load), .skippable(.load))
struct LabDocFiguresTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The section's text, up to the paragraph of hand-computed cases.
    static func section() throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/lab.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## What the default lab shows"))
        let end = try #require(text.range(of: "**Raising the threshold", range: start.upperBound..<text.endIndex))
        return String(text[start.lowerBound..<end.lowerBound])
    }

    /// The fenced blocks of `text`: (language, lines), in order, and the prose outside them.
    static func blocks(_ text: String) -> (blocks: [(String, [String])], prose: String) {
        var blocks: [(String, [String])] = []
        var prose = ""
        var current: (String, [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else if current != nil {
                current?.1.append(line)
            } else {
                prose += line + "\n"
            }
        }
        return (blocks, prose)
    }

    /// What `optolink-dash lab ARGUMENTS` prints on stdout.
    static func run(_ arguments: [String]) async -> [String] {
        let lines = LockedLines()
        _ = await LabCommand.run(
            arguments: arguments, currentDirectory: packageRoot.path, executablePath: nil,
            out: { lines.append($0) }, err: { _ in })
        return lines.all
    }

    @Test func everyExcerptLineAndEveryFigureIsPrintedByTheQuotedCommands() async throws {
        // Given the section's commands with their excerpts
        let (blocks, prose) = Self.blocks(try Self.section())
        var pairs: [(arguments: [String], excerpt: [String])] = []
        for (index, block) in blocks.enumerated() where block.0 == "sh" {
            let command = try #require(block.1.first { !$0.isEmpty })
            #expect(command.hasPrefix("optolink-dash lab"), "\(command)")
            let excerpt = try #require(blocks.dropFirst(index + 1).first, "no excerpt after \(command)")
            #expect(excerpt.0 == "text")
            pairs.append((Array(command.split(separator: " ").dropFirst(2).map(String.init)), excerpt.1))
        }
        #expect(pairs.count == 2)

        // When each command runs, one after the other (a core stays free for the suites running beside it)
        var outputs: [[String]] = []
        for pair in pairs { outputs.append(await Self.run(pair.arguments)) }

        // Then every excerpt line is a line of its command's output
        for (pair, output) in zip(pairs, outputs) {
            let printed = Set(
                output.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) })
            for line in pair.excerpt where !line.isEmpty {
                #expect(printed.contains(line), "\(pair.arguments): not printed: \(line)")
            }
        }
        // And every percentage and every count of 3 digits or more in the prose is printed by one of them
        // (not counting the charts' axis labels: a figure read off a chart is not one the report prints)
        let all = outputs.flatMap { $0 }.filter { !$0.contains("┤") && !$0.contains("└") }.joined(separator: "\n")
        func matches(_ pattern: String) throws -> [String] {
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)).compactMap {
                Range($0.range, in: prose).map { String(prose[$0]) }
            }
        }
        let figures =
            try matches(#"\d+(?:\.\d+)? ?%"#).map { $0.replacingOccurrences(of: " ", with: "") }
            + matches(#"(?<![\d.])\d{1,3}(?: \d{3})+(?![\d.%])|(?<![\d.])\d{3,}(?![\d.%])"#)
        // (the sweep table prints its shares without the sign, in rows named `precision %` and `recall %`)
        let tabled = Set(
            outputs.flatMap { $0 }.filter { $0.hasPrefix("  precision %") || $0.hasPrefix("  recall %") }
                .flatMap { $0.split(separator: " ").map { String($0) + "%" } })
        #expect(figures.count > 15)
        for figure in figures {
            #expect(
                all.contains(figure) || tabled.contains(figure),
                "docs/lab.md quotes \(figure), which no quoted command prints")
        }
    }
}

/// Lines gathered from a `@Sendable` writer.
final class LockedLines: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `lines` is only touched while `lock` is held.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
