import Foundation

/// The targets of Package.swift and what each depends on, read from the manifest's text (the manifest keeps one
/// target per `.target(` / `.executableTarget(` / `.testTarget(` / `.systemLibrary(` call at its list's indentation).
struct PackageGraph {
    /// A target's name, its kind and the targets and products it names in `dependencies:`.
    struct Target: Equatable {
        var name: String
        var kind: String
        var dependencies: [String]
    }

    /// Every target, in the manifest's order.
    var targets: [Target]

    /// Reads `manifest`, the text of Package.swift.
    init(manifest: String) {
        let kinds = ["target", "executableTarget", "testTarget", "systemLibrary"]
        var found: [(kind: String, lines: [String])] = []
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            if let kind = kinds.first(where: { code.hasPrefix("        .\($0)(") }) { found.append((kind, [])) }
            if !found.isEmpty { found[found.count - 1].lines.append(code) }
        }
        targets = found.map { kind, lines in
            let body = lines.joined(separator: "\n")
            return Target(
                name: Self.quoted(after: "name:", in: body) ?? "", kind: kind, dependencies: Self.dependencies(in: body)
            )
        }
    }

    /// The names every target reaches from `name`, itself left out.
    func reach(from name: String) -> Set<String> {
        var seen: Set<String> = []
        var next = [name]
        while let current = next.popLast() {
            for dependency in targets.first(where: { $0.name == current })?.dependencies ?? []
            where seen.insert(dependency).inserted {
                next.append(dependency)
            }
        }
        return seen
    }

    private static func quoted(after label: String, in text: String) -> String? {
        guard let labelRange = text.range(of: label) else { return nil }
        let rest = text[labelRange.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let afterOpen = rest[rest.index(after: open)...]
        guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
        return String(afterOpen[..<close])
    }

    /// The quoted names inside `dependencies: [ … ]` (a `.target(name: "X", condition: …)` names X).
    private static func dependencies(in body: String) -> [String] {
        guard let start = body.range(of: "dependencies:") else { return [] }
        var depth = 0
        var list = ""
        for character in body[start.upperBound...] {
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            if depth == 0, !list.isEmpty { break }
            if depth > 0 { list.append(character) }
        }
        return list.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
