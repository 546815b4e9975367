import Foundation
import Testing

@testable import OptoLinkServer

/// docs/openapi.yaml must describe every route of the router table.
@Suite struct OpenAPITests {
    static var specURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml")
    }

    /// `path → methods` read from the spec's `paths:` section (two-space path keys, four-space methods).
    static func documentedOperations() throws -> [String: Set<String>] {
        let text = try String(contentsOf: specURL, encoding: .utf8)
        var operations = [String: Set<String>]()
        var inPaths = false
        var current: String?
        for line in text.components(separatedBy: "\n") {
            if line == "paths:" {
                inPaths = true
                continue
            }
            if inPaths, !line.isEmpty, !line.hasPrefix(" ") { break }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                current = String(line.dropFirst(2).dropLast())
                operations[current!, default: []] = []
            } else if let path = current, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let key = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")
                if ["get", "post", "patch", "delete", "put"].contains(key) {
                    operations[path, default: []].insert(key.uppercased())
                }
            }
        }
        return operations
    }

    /// The items of the first `enum: [...]` on the line that starts with `prefix` after `schema:`'s line.
    static func documentedEnum(schema: String, line prefix: String) throws -> [String] {
        let lines = try String(contentsOf: specURL, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "    \(schema):"))
        let line = try #require(lines[start...].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) })
        let list = try #require(line.range(of: "enum: [").map { line[$0.upperBound...] }?.split(separator: "]").first)
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theFaultRequestNamesEveryFaultRouteTheServerTakes() throws {
        // `POST /dev/faults` takes exactly these route names; the spec's enum lists them all, in order
        #expect(try Self.documentedEnum(schema: "FaultRequest", line: "route:") == FaultInjector.routeNames)
    }

    @Test func everyRouteIsInTheSpec() throws {
        let documented = try Self.documentedOperations()
        #expect(!documented.isEmpty)
        for route in RouteTable.all {
            #expect(
                documented[route.openAPIPath]?.contains(route.method) == true,
                "\(route.method) \(route.openAPIPath) missing from docs/openapi.yaml")
        }
    }

    @Test func theSpecDocumentsNoRouteThatDoesNotExist() throws {
        let routes = Set(RouteTable.all.map { "\($0.method) \($0.openAPIPath)" })
        for (path, methods) in try Self.documentedOperations() {
            for method in methods {
                #expect(routes.contains("\(method) \(path)"), "\(method) \(path) is documented but not routed")
            }
        }
    }

    @Test func patternsConvertToOpenAPIForm() {
        #expect(
            Route("GET", "/:orgKey/:shortCode/data") { _, _, _ in .json(nil) }.openAPIPath
                == "/{orgKey}/{shortCode}/data")
    }
}
