import Foundation
import Testing

/// What an app ships when it links only the `OptoLink` product: no debug tooling. The inspector that
/// streams the SDK to `optolink-dash --attach` is the `OptoLinkInspector` product, linked by debug builds
/// only (docs/attach.md); the SDK hands it a `package` hook and nothing of it is in the SDK's sources or
/// public API: no Network.framework, no socket, no listener, no remote command.
@Suite("What an app ships: the SDK holds no debug tooling")
struct ShippedSDKTests {
    /// The modules the SDK may import: Foundation (and its Linux networking half), the C libraries of the
    /// platforms it builds on, the UI frameworks its integration helpers extend, and the clients' shared
    /// core (whose sources are searched with the SDK's: an app ships them too).
    static let allowedImports: Set<String> = [
        "Foundation", "FoundationNetworking", "Darwin", "Glibc", "Musl", "UIKit", "SwiftUI", "os", "OptoLinkClientCore",
    ]

    /// Code that only debug tooling has (searched in code, comments and string literals blanked).
    static let forbidden: [(what: String, pattern: String)] = [
        ("an import of Network", #"\bimport\s+(?:[a-z]+\s+)?Network\b"#),
        ("canImport(Network)", #"\bcanImport\(\s*Network\s*\)"#),
        ("a Network.framework type", #"\bNW[A-Z]\w*"#),
        ("a socket", #"\bsocket\("#),
        ("a listener", #"\blisten\("#),
        ("an inspector type", #"\b\w*Inspector\w*"#),
    ]

    /// The names the inspector reaches through the seam: each must stay `package` (or internal), never public.
    static let seam = ["InspectionHook", "inspection", "rerunFirstLaunch", "FirstLaunchRerun", "PasteboardContent"]

    /// `pattern` with ASCII word boundaries: `\b` falls between `Glibc.` and `socket(` (Unicode's default
    /// word boundaries do not break at a dot between letters).
    static func regex(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        try Regex(pattern).wordBoundaryKind(.simple)
    }

    /// Each forbidden use in `sources` (path → Swift source) as `path:line: what (text)`, in path order.
    static func forbiddenUses(in sources: [String: String]) throws -> [String] {
        var found: [String] = []
        for (path, source) in sources.sorted(by: { $0.key < $1.key }) {
            let code = codeOnly(source)
            for (what, pattern) in forbidden {
                for match in code.matches(of: try Self.regex(pattern)) {
                    let line = code[..<match.range.lowerBound].filter { $0 == "\n" }.count + 1
                    found.append("\(path):\(line): \(what) (\(code[match.range]))")
                }
            }
        }
        return found
    }

    /// The modules `source` imports (`import X`, `@preconcurrency import X`, `import struct X.Y`).
    static func imports(in source: String) throws -> Set<String> {
        let pattern = try Self.regex(#"(?m)^\s*(?:@\w+\s+)*import\s+(?:[a-z]+\s+)?([A-Za-z_]\w*)"#)
        return Set(codeOnly(source).matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// Every `public` or `open` declaration line of `sources` (path → Swift source) that names one of `names`
    /// (each a regular expression for a whole identifier).
    static func publicDeclarations(naming names: [String], in sources: [String: String]) throws -> [String] {
        let pattern = try Self.regex(#"(?m)^.*\b(?:public|open)\b.*\b(?:"# + names.joined(separator: "|") + #")\b.*$"#)
        return sources.sorted(by: { $0.key < $1.key }).flatMap { path, source in
            codeOnly(source).matches(of: pattern).map { "\(path): \($0.output[0].substring ?? "")" }
        }
    }

    @Test func theSDKsSourcesHoldNoNetworkSocketListenerOrInspector() throws {
        // Given every Swift source of Sources/OptoLink
        let sources = try PrivacyManifestTests.sdkSources()
        #expect(sources.count > 30)

        // When they are searched for what only debug tooling uses
        let found = try Self.forbiddenUses(in: sources)

        // Then nothing is found
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theSDKImportsOnlyFoundationThePlatformsCLibrariesAndUIFrameworks() throws {
        // Given every Swift source of Sources/OptoLink
        let sources = try PrivacyManifestTests.sdkSources()

        // When their imports are collected
        var imported: Set<String> = []
        for source in sources.values { imported.formUnion(try Self.imports(in: source)) }

        // Then each is an allowed module (Network among none of them), and Foundation is there
        #expect(imported.isSubset(of: Self.allowedImports), "\(imported.subtracting(Self.allowedImports).sorted())")
        #expect(imported.contains("Foundation"))
    }

    @Test func theInspectorsSeamIsPackageAccessNeverPublicAPI() throws {
        // Given every Swift source of Sources/OptoLink
        let sources = try PrivacyManifestTests.sdkSources()
        let code = sources.mapValues(codeOnly).values.joined(separator: "\n")

        // When the declarations the inspector reaches are looked up
        let published = try Self.publicDeclarations(naming: Self.seam + [#"\w*Inspect\w*"#], in: sources)

        // Then none is public or open, and the hook and the accessor are declared `package`
        #expect(published.isEmpty, "\(published.joined(separator: "\n"))")
        #expect(code.contains(try Self.regex(#"\bpackage\s+struct\s+InspectionHook\b"#)))
        #expect(code.contains(try Self.regex(#"\bpackage\s+let\s+inspection\s*:\s*InspectionHook\b"#)))
    }

    @Test func eachForbiddenUseIsReportedAtItsLineAndCommentsAndStringsAreNot() throws {
        // Given a source with one of each forbidden uses, and the same names in a comment and a string
        let source = """
            /// An NWConnection to the dashboard, see OptoLinkInspector; call listen() later.
            @preconcurrency import Network
            #if canImport(Network)
            let browser: NWBrowser? = nil
            #endif
            let text = "socket(AF_INET) and listen(fd, 1) and InspectorHello"
            let fd = Glibc.socket(AF_INET, SOCK_STREAM, 0)
            _ = listen(fd, 1)
            let hello: InspectorHello? = nil
            public func attach() -> OptoLinkInspector? { nil }
            """

        // When it is searched, and its public declarations are looked up
        let found = try Self.forbiddenUses(in: ["Fixture.swift": source])
        let published = try Self.publicDeclarations(naming: [#"\w*Inspect\w*"#], in: ["F.swift": source])

        // Then each use is reported at its line, nothing from the comment or the string
        #expect(
            found == [
                "Fixture.swift:2: an import of Network (import Network)",
                "Fixture.swift:3: canImport(Network) (canImport(Network))",
                "Fixture.swift:4: a Network.framework type (NWBrowser)",
                "Fixture.swift:7: a socket (socket()",
                "Fixture.swift:8: a listener (listen()",
                "Fixture.swift:9: an inspector type (InspectorHello)",
                "Fixture.swift:10: an inspector type (OptoLinkInspector)",
            ], "\(found.joined(separator: "\n"))")
        #expect(published == ["F.swift: public func attach() -> OptoLinkInspector? { nil }"])
        #expect(try Self.imports(in: source) == ["Network"])
    }
}
