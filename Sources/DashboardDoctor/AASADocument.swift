import DashboardCore
import Foundation
import OptoLink

/// The parts of an apple-app-site-association file the doctor reads: `applinks.details`, each with its app
/// IDs and either `components` (iOS 13 and later) or the older `paths`.
struct AASADocument: Sendable, Hashable {
    /// One `applinks.details[]` entry.
    struct Detail: Sendable, Hashable {
        /// `appIDs`, or the one older `appID`.
        var appIDs: [String]
        /// True when the entry uses the older single `appID` key.
        var usesLegacyAppID: Bool
        /// `components`, when the entry has them.
        var components: [Component]?
        /// The older `paths`, when the entry has them (ignored by iOS 13+ when `components` are there).
        var paths: [String]?
    }

    /// One `components[]` entry: each key it has must match; a missing key matches anything.
    struct Component: Sendable, Hashable {
        /// `"/"`: the path pattern.
        var path: String?
        /// `"?"` as a string pattern, or as a dictionary of item name → value pattern.
        var query: JSONValue?
        /// `"#"`: the fragment pattern.
        var fragment: String?
        /// `"exclude": true`: a URL this component matches is not opened in the app.
        var exclude: Bool
        /// `"caseSensitive"` (default true).
        var caseSensitive: Bool
        /// The component as it appears in the file (for messages), keys sorted.
        var text: String
    }

    /// The entries of `applinks.details`.
    var details: [Detail]

    /// Parses the file; the error is a sentence naming what is wrong.
    static func parse(_ data: Data) -> Result<AASADocument, DashboardError> {
        guard let root = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return .failure(.backend("not valid JSON"))
        }
        guard let object = root.objectValue else { return .failure(.backend("valid JSON, but not an object")) }
        guard let applinks = object["applinks"]?.objectValue else {
            return .failure(.backend("no \"applinks\" object (the key Universal Links read)"))
        }
        guard let details = applinks["details"]?.arrayValue else {
            return .failure(.backend("\"applinks.details\" is missing or not an array"))
        }
        var parsed = [Detail]()
        for (index, entry) in details.enumerated() {
            guard let detail = entry.objectValue else {
                return .failure(.backend("applinks.details[\(index)] is not an object"))
            }
            var appIDs = detail["appIDs"]?.arrayValue?.compactMap(\.stringValue) ?? []
            var legacy = false
            if appIDs.isEmpty, let single = detail["appID"]?.stringValue {
                appIDs = [single]
                legacy = true
            }
            let components = detail["components"]?.arrayValue?.compactMap { $0.objectValue.map(component) }
            let paths = detail["paths"]?.arrayValue?.compactMap(\.stringValue)
            parsed.append(Detail(appIDs: appIDs, usesLegacyAppID: legacy, components: components, paths: paths))
        }
        return .success(AASADocument(details: parsed))
    }

    private static func component(_ object: [String: JSONValue]) -> Component {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(JSONValue.object(object))).map { String(decoding: $0, as: UTF8.self) } ?? "{…}"
        return Component(
            path: object["/"]?.stringValue, query: object["?"], fragment: object["#"]?.stringValue,
            exclude: object["exclude"]?.boolValue ?? false, caseSensitive: object["caseSensitive"]?.boolValue ?? true,
            text: text)
    }
}

extension AASADocument.Component {
    /// Whether this component matches a URL with `path`, the query `query` (nil: none, as an OptoLink link
    /// has) and no fragment.
    ///
    /// A `"?"` string pattern is matched against the whole query (empty when there is none); a dictionary
    /// against the query's items, each named item's value (empty when the item is absent, so only an "any"
    /// pattern matches a missing one).
    func matches(path subject: String, query queryText: String? = nil) -> Bool {
        if let path, !AASAPattern(path, ignoringCase: !caseSensitive).matches(subject) { return false }
        if let fragment, !AASAPattern(fragment, ignoringCase: !caseSensitive).matches("") { return false }
        switch query {
        case nil: return true
        case .string(let pattern)?: return AASAPattern(pattern, ignoringCase: !caseSensitive).matches(queryText ?? "")
        case .object(let items)?:
            let given = URLComponents(string: "?" + (queryText ?? ""))?.queryItems ?? []
            return items.allSatisfy { name, pattern in
                let value = given.first { $0.name == name }?.value ?? ""
                return pattern.stringValue.map { AASAPattern($0, ignoringCase: !caseSensitive).matches(value) } ?? false
            }
        default: return false
        }
    }
}
