import Foundation

/// A fixture of a lexical check script (Tests/AppleStubs/Fixtures): the lines marked `// flagged` are the
/// ones the script must report, each once.
struct FlaggedFixture: Sendable {
    /// The fixture's path, relative to the package root (as the script prints it).
    let path: String
    /// The 1-based numbers of the lines marked `// flagged`, in order.
    let markedLines: [Int]

    /// Reads the fixture at `path` (relative to the package root).
    init(_ path: String) throws {
        self.path = path
        let source = try String(contentsOf: ScriptRun.packageRoot.appendingPathComponent(path), encoding: .utf8)
        markedLines = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains("// flagged") }.map { $0.offset + 1 }
    }

    /// The line numbers `output` reports for this fixture (`path:line: …`), in order, repeats kept.
    func reportedLines(in output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("\(path):") else { return nil }
            return Int(line.dropFirst(path.count + 1).prefix { $0.isNumber })
        }
    }
}
