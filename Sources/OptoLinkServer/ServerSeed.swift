import Foundation
import OptoLinkToolSupport

/// The organisations, keys, templates and links the server starts with.
///
/// Load one from a JSON file with ``load(path:)`` (the shape is in docs/server.md, "Seed file"), or use ``demo``:
/// org `demo` (keys `opl_sdk_demo_client_key_0000000001` / `opl_api_demo_server_key_0000000001`),
/// org `beta` without a team id, org `gone` that is `SUSPENDED`; and the emulated services' demo apps
/// (``EmulationSeed/demo``: QubeRoute, Deep Blue Links, AppsFlyer).
///
/// Seeding is insert-if-missing: on an existing database, orgs, keys, templates and links that are
/// already there are left as they are.
public struct ServerSeed: Sendable, Codable, Hashable {
    struct Org: Sendable, Codable, Hashable {
        var orgKey: String
        var name: String
        var status: String
        var teamId: String?
        var bundleId: String?
        var customDomain: String?
        var keys: [Key]
        var templates: [Template]?
        var links: [Link]?
    }

    struct Key: Sendable, Codable, Hashable {
        var key: String
        var tier: String
        var revoked: Bool?
        /// ISO-8601; the key answers 401 after it.
        var expiresAt: String?
    }

    struct Template: Sendable, Codable, Hashable {
        var id: String
        var params: [String: JSON]?
        var matchWindowHours: Int?
    }

    /// The match window's range in hours (a seed's `matchWindowHours`).
    static let matchWindowRange = 1...720

    /// The statuses an org may have: only an ACTIVE org's links resolve.
    static let orgStatuses = ["ACTIVE", "SUSPENDED"]

    struct Link: Sendable, Codable, Hashable {
        var shortCode: String
        var path: String
        var params: [String: JSON]?
        var template: String?
        var matchWindowHours: Int?
    }

    /// The domain whose AASA aggregates every ACTIVE org with a team id.
    var platformDomain: String
    var orgs: [Org]
    /// The emulated services' apps, keys and links (`Emulations/`; docs/server.md, "Emulated services").
    /// Absent in a seed file: no emulated apps.
    var emulations: EmulationSeed? = nil

    /// The built-in demo data (INTERFACES.md "Demo data").
    public static let demo = ServerSeed(
        platformDomain: "links.optolink.test",
        orgs: [
            Org(
                orgKey: "demo", name: "Demo", status: "ACTIVE", teamId: "ABCDE12345", bundleId: "com.example.demo",
                customDomain: "links.demo.test",
                keys: [
                    Key(key: "opl_sdk_demo_client_key_0000000001", tier: "CLIENT"),
                    Key(key: "opl_api_demo_server_key_0000000001", tier: "SERVER", revoked: false),
                ],
                templates: [Template(id: "promo", params: ["utm_source": "newsletter"], matchWindowHours: 24)],
                links: [
                    Link(
                        shortCode: "summer", path: "/promo/summer", params: ["campaign": "summer"], template: "promo",
                        matchWindowHours: 48),
                    Link(shortCode: "welcome", path: "/onboarding/welcome", params: ["ref": "demo"]),
                    Link(shortCode: "flash", path: "/promo/flash", params: ["campaign": "flash"], matchWindowHours: 1),
                ]),
            Org(
                orgKey: "beta", name: "Beta", status: "ACTIVE", bundleId: "com.example.beta",
                keys: [Key(key: "opl_sdk_beta_client_key_0000000001", tier: "CLIENT")],
                templates: [], links: [Link(shortCode: "hello", path: "/hello", params: [:])]),
            Org(
                orgKey: "gone", name: "Gone", status: "SUSPENDED", teamId: "GONE123456", bundleId: "com.example.gone",
                keys: [Key(key: "opl_sdk_gone_client_key_0000000001", tier: "CLIENT")],
                templates: [], links: [Link(shortCode: "bye", path: "/bye", params: [:])]),
        ],
        emulations: .demo)

    /// The largest seed file read (64 MiB: a seed is a few KB; a bound keeps a stream from filling memory).
    static let maxFileBytes = 64 << 20

    /// Reads and validates a seed file.
    ///
    /// - Throws: ``OptoLinkServerError`` naming the file and the problem (unreadable, not JSON,
    ///   a missing or mistyped field with its path, or a value out of range).
    public static func load(path: String) throws -> ServerSeed {
        let data: Data
        do {
            data = Data(try UserFile.read(path, limit: maxFileBytes))
        } catch {
            throw OptoLinkServerError.badInput("seed file \(error)")
        }
        let seed: ServerSeed
        do {
            seed = try JSONDecoder().decode(ServerSeed.self, from: data)
        } catch let error as DecodingError {
            throw OptoLinkServerError.badInput("seed file \(path): \(describe(error))")
        } catch {
            throw OptoLinkServerError.badInput("seed file \(path): \(error)")
        }
        do {
            try seed.validate()
        } catch {
            throw OptoLinkServerError.badInput("seed file \(path): \(error.message)")
        }
        return seed
    }

    /// Checks the rules the decoder cannot: key tiers, org key format, match windows 1–720, templates exist,
    /// and the emulated services' rules (``EmulationSeed/validate()``).
    func validate() throws(OptoLinkServerError) {
        guard !platformDomain.isEmpty else { throw .startup("platformDomain is empty") }
        try emulations?.validate()
        var orgKeys = Set<String>()
        var rawKeys = Set<String>()
        for (i, org) in orgs.enumerated() {
            let at = "orgs[\(i)]"
            guard IdentifierRules.isValidOrgKey(org.orgKey) else {
                throw .startup("\(at).orgKey \"\(org.orgKey)\" must be exactly 4 letters or digits")
            }
            guard orgKeys.insert(org.orgKey).inserted else {
                throw .startup("\(at).orgKey \"\(org.orgKey)\" appears twice")
            }
            guard Self.orgStatuses.contains(org.status) else {
                throw .startup(
                    "\(at).status must be \(Self.orgStatuses.joined(separator: " or ")), not "
                        + QuotedText.quote(org.status))
            }
            for (j, key) in org.keys.enumerated() {
                guard KeyTier(rawValue: key.tier) != nil else {
                    throw .startup("\(at).keys[\(j)].tier must be CLIENT or SERVER, not \"\(key.tier)\"")
                }
                guard key.key.count >= APIKeyAuthenticator.prefixLength + 4, key.key.count <= 200 else {
                    throw .startup(
                        "\(at).keys[\(j)].key must be \(APIKeyAuthenticator.prefixLength + 4)–200 characters")
                }
                guard rawKeys.insert(key.key).inserted else { throw .startup("\(at).keys[\(j)].key appears twice") }
                if let expires = key.expiresAt, ISOTime.parse(expires) == nil {
                    throw .startup("\(at).keys[\(j)].expiresAt is not an ISO-8601 timestamp")
                }
            }
            var templateIds = Set<String>()
            for (j, template) in (org.templates ?? []).enumerated() {
                guard !template.id.isEmpty else { throw .startup("\(at).templates[\(j)].id is empty") }
                guard templateIds.insert(template.id).inserted else {
                    throw .startup("\(at).templates[\(j)].id \"\(template.id)\" appears twice")
                }
                if let hours = template.matchWindowHours, !(1...720).contains(hours) {
                    throw .startup("\(at).templates[\(j)].matchWindowHours must be 1–720, not \(hours)")
                }
            }
            var codes = Set<String>()
            for (j, link) in (org.links ?? []).enumerated() {
                guard IdentifierRules.isValidShortCode(link.shortCode) else {
                    throw .startup(
                        "\(at).links[\(j)].shortCode \"\(link.shortCode)\" must be 1–64 letters, digits, '-' or '_'")
                }
                guard codes.insert(link.shortCode).inserted else {
                    throw .startup("\(at).links[\(j)].shortCode \"\(link.shortCode)\" appears twice")
                }
                guard link.path.hasPrefix("/") else { throw .startup("\(at).links[\(j)].path must start with '/'") }
                if let template = link.template, !templateIds.contains(template) {
                    throw .startup("\(at).links[\(j)].template \"\(template)\" is not a template of this org")
                }
                if let hours = link.matchWindowHours, !(1...720).contains(hours) {
                    throw .startup("\(at).links[\(j)].matchWindowHours must be 1–720, not \(hours)")
                }
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return p.hasPrefix(".") ? String(p.dropFirst()) : p
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing field \(parent.isEmpty ? "" : parent + ".")\(key.stringValue)"
        case .typeMismatch(let type, let context): return "\(path(context)) should be \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) should be \(type), not null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension ServerSeed.Template {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        params = try container.decodeIfPresent([String: JSON].self, forKey: .params)
        matchWindowHours = try container.fileWholeNumberIfPresent(
            forKey: .matchWindowHours, in: ServerSeed.matchWindowRange)
    }
}

extension ServerSeed.Link {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        shortCode = try container.decode(String.self, forKey: .shortCode)
        path = try container.decode(String.self, forKey: .path)
        params = try container.decodeIfPresent([String: JSON].self, forKey: .params)
        template = try container.decodeIfPresent(String.self, forKey: .template)
        matchWindowHours = try container.fileWholeNumberIfPresent(
            forKey: .matchWindowHours, in: ServerSeed.matchWindowRange)
    }
}
