import Foundation
import Testing

/// The README stays a front door, and the docs it sends people to exist.
@Suite("README and docs/ hold together")
struct DocumentationTests {
    /// The README's size limit: what does not fit goes to docs/ or the DocC catalog.
    static let readmeLineLimit = 300

    @Test func theReadmeIsAtMostThreeHundredLines() throws {
        // Given the README
        let readme = try String(contentsOf: ScriptRun.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)

        // Then it fits the limit
        let lines =
            readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= Self.readmeLineLimit, "README.md has \(lines) lines; move detail to docs/ or the DocC catalog")
    }

    @Test func everyRelativeLinkOfTheReadmeDocsAndArticlesResolves() throws {
        // Given the README, every guide under docs/ and every DocC article
        let root = ScriptRun.packageRoot
        var files = [root.appendingPathComponent("README.md")]
        for folder in ["docs", "Sources/OptoLink/OptoLink.docc"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            files += names.filter { $0.hasSuffix(".md") }.sorted().map {
                root.appendingPathComponent(folder).appendingPathComponent($0)
            }
        }

        // When their relative links are followed
        let problems = try files.flatMap { try DocumentLinks.brokenLinks(in: $0) }

        // Then each names a file that exists, and an anchor names a heading of that file
        #expect(files.count >= 10)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aLinkToAMissingFileOrHeadingIsReported() throws {
        // Given a guide linking a file and a heading that exist, and a file and a heading that do not
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# Other\n\n## Known limits\n".write(
            to: directory.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        let guide = directory.appendingPathComponent("guide.md")
        try """
        # Guide
        See [other](other.md), [its limits](other.md#known-limits), [the web](https://example.com),
        [gone](docs/other.md), [no such heading](other.md#exports) and [here](#guide).
        ```sh
        echo "[not a link](nowhere.md)"
        ```
        """.write(to: guide, atomically: true, encoding: .utf8)

        // When its links are checked
        let problems = try DocumentLinks.brokenLinks(in: guide)

        // Then exactly the two broken ones are reported
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("docs/other.md") && $0.contains("no file") })
        #expect(problems.contains { $0.contains("other.md#exports") && $0.contains("no heading") })
    }

    @Test(.tags(.processes), .skippable(.processes)) func everyArticleSnippetIsTheRegionItNames() async throws {
        // Given the DocC articles, whose marked code blocks come from Examples/ and DocSnippetTests
        let catalog = ScriptRun.packageRoot.appendingPathComponent("Sources/OptoLink/OptoLink.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
            .sorted()
        #expect(articles.count >= 8)

        // When each is checked as Scripts/build-docs.sh does, then each passes
        for article in articles {
            let run = try await ScriptRun.run(
                "python3", ["Scripts/check-readme-snippets.py", "Sources/OptoLink/OptoLink.docc/\(article)"])
            #expect(run.status == 0, "\(article): \(run.output)")
        }
    }
}

/// Relative Markdown links of a document, checked against the files and headings they name.
enum DocumentLinks {
    /// One line per broken link of `file`: `path:line: link: why`. Links in fenced code, absolute URLs
    /// (`scheme:`) and DocC's `<doc:…>` references are not checked.
    static func brokenLinks(in file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var problems: [String] = []
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            for target in targets(in: String(line)) {
                if target.contains(":") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let path = parts[0]
                let anchor = parts.count > 1 ? parts[1] : nil
                let linked =
                    path.isEmpty
                    ? file : file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                let place = "\(file.lastPathComponent):\(index + 1): \(target)"
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: linked.path, isDirectory: &isDirectory) else {
                    problems.append("\(place): no file \(linked.path)")
                    continue
                }
                if let anchor, !isDirectory.boolValue, linked.pathExtension == "md" {
                    let headings = try slugs(of: String(contentsOf: linked, encoding: .utf8))
                    if !headings.contains(anchor) {
                        problems.append("\(place): no heading #\(anchor) in \(linked.lastPathComponent)")
                    }
                }
            }
        }
        return problems
    }

    /// The targets of `[text](target)` and `![alt](target)` links on one line.
    static func targets(in line: String) -> [String] {
        var found: [String] = []
        var rest = line[...]
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = after[..<close].split(separator: " ").first.map(String.init) ?? ""
            if !target.isEmpty { found.append(target) }
            rest = after[close...]
        }
        return found
    }

    /// GitHub's anchors for the headings of a Markdown text: lower case, punctuation other than `-` and
    /// `_` removed, spaces as `-` (headings in fenced code are not headings).
    static func slugs(of text: String) -> Set<String> {
        var slugs: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
            }
            slugs.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return slugs
    }
}
