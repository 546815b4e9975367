import Foundation

/// The arguments of `optolink-dash doctor` (everything after the word `doctor`).
///
/// ```swift
/// let options = try DoctorOptions.parse(["--base-url", "https://links.example.com", "--org-key", "abcd",
///                                        "--api-key", "opl_sdk_…", "--team-id", "ABCDE12345",
///                                        "--bundle-id", "com.example.app", "--link", "summer", "--json"])
/// ```
public struct DoctorOptions: Sendable, Hashable {
    /// `--base-url URL` (required): the link domain, where every endpoint lives.
    public var baseURL: URL
    /// `--org-key KEY` (required): 4 letters or digits.
    public var orgKey: String
    /// `--api-key KEY`: the key the app ships; checked to be a CLIENT key. Default nil (not checked).
    public var apiKey: String?
    /// `--team-id ID`: with `--bundle-id`, the app ID `<teamId>.<bundleId>` looked for in the AASA. Default nil.
    public var teamId: String?
    /// `--bundle-id ID`: see ``teamId``. Default nil.
    public var bundleId: String?
    /// `--link CODE`: a short code of the org to check end to end. Default nil (not checked).
    public var link: String?
    /// `--json`: one JSON document on stdout instead of the checklist. Default false.
    public var json: Bool
    /// `--timeout SECONDS`: per request, whole seconds 1–120 (URLSession on Linux truncates fractions).
    /// Default 10, the SDK's own timeout.
    public var timeout: Int

    /// Creates options; the defaults are documented on each property.
    public init(
        baseURL: URL, orgKey: String, apiKey: String? = nil, teamId: String? = nil, bundleId: String? = nil,
        link: String? = nil, json: Bool = false, timeout: Int = 10
    ) {
        self.baseURL = baseURL
        self.orgKey = orgKey
        self.apiKey = apiKey
        self.teamId = teamId
        self.bundleId = bundleId
        self.link = link
        self.json = json
        self.timeout = timeout
    }

    /// What the arguments ask for: the checks, or the help text.
    public enum Parsed: Sendable, Hashable {
        /// Run the checks.
        case run(DoctorOptions)
        /// `--help` / `-h`: print ``DoctorOptions/usage``.
        case help
    }

    /// Parses the arguments after `doctor` (`--flag value` or `--flag=value`).
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem: an unknown flag, a missing or bad value,
    ///   a missing `--base-url` or `--org-key`, or `--team-id` without `--bundle-id` (or the reverse).
    public static func parse(_ arguments: [String]) throws(DashboardError) -> Parsed {
        var baseURL: URL?
        var orgKey: String?
        var apiKey: String?
        var teamId: String?
        var bundleId: String?
        var link: String?
        var json = false
        var timeout = 10
        var index = 0
        func value(_ flag: String, _ inline: String?, _ what: String) throws(DashboardError) -> String {
            if let inline { return inline }
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                throw .usage("\(flag) needs \(what)")
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            var flag = arguments[index]
            var inline: String?
            if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
                inline = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            switch flag {
            case "-h", "--help":
                return .help
            case "--base-url":
                let text = try value(flag, inline, "a URL such as https://links.example.com")
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https",
                    let host = url.host, !host.isEmpty
                else {
                    throw .usage("--base-url must be an http(s) URL with a host, not '\(text)'")
                }
                baseURL = url
            case "--org-key":
                let text = try value(flag, inline, "an org key (4 letters or digits)")
                guard text.count == 4,
                    text.unicodeScalars.allSatisfy({
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                    })
                else {
                    throw .usage("--org-key must be exactly 4 ASCII letters or digits, not '\(text)'")
                }
                orgKey = text
            case "--api-key":
                apiKey = try value(flag, inline, "the key the app ships (opl_sdk_…)")
            case "--team-id":
                let text = try value(flag, inline, "the Apple Team ID (10 characters, e.g. ABCDE12345)")
                guard !text.isEmpty, !text.contains("."), !text.contains(" ") else {
                    throw .usage("--team-id must be the Team ID alone (e.g. ABCDE12345), not '\(text)'")
                }
                teamId = text
            case "--bundle-id":
                let text = try value(flag, inline, "the app's bundle id (e.g. com.example.app)")
                guard !text.isEmpty, !text.contains(" ") else {
                    throw .usage("--bundle-id must be a bundle id, not '\(text)'")
                }
                bundleId = text
            case "--link":
                let text = try value(flag, inline, "a short code of the org (e.g. summer)")
                guard (1...64).contains(text.count),
                    text.unicodeScalars.allSatisfy({
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                    })
                else {
                    throw .usage(
                        "--link takes a short code (1–64 letters, digits, '-' or '_'), not '\(text)': for https://host/org/summer give summer"
                    )
                }
                link = text
            case "--json":
                json = true
            case "--timeout":
                let text = try value(flag, inline, "whole seconds")
                guard let seconds = Int(text), (1...120).contains(seconds) else {
                    throw .usage("--timeout must be whole seconds from 1 to 120, not '\(text)'")
                }
                timeout = seconds
            default:
                throw .usage("unknown argument '\(arguments[index])' (see optolink-dash doctor --help)")
            }
            index += 1
        }
        guard let baseURL else { throw .usage("doctor needs --base-url URL (see optolink-dash doctor --help)") }
        guard let orgKey else { throw .usage("doctor needs --org-key KEY (see optolink-dash doctor --help)") }
        if (teamId == nil) != (bundleId == nil) {
            throw .usage("--team-id and --bundle-id go together: the app ID is <teamId>.<bundleId>")
        }
        return .run(
            DoctorOptions(
                baseURL: baseURL, orgKey: orgKey, apiKey: apiKey, teamId: teamId, bundleId: bundleId,
                link: link, json: json, timeout: timeout))
    }

    /// The `optolink-dash doctor --help` text.
    public static let usage = """
        optolink-dash doctor: checks a real OptoLink deployment, line by line, and says what to fix.

        USAGE: optolink-dash doctor --base-url URL --org-key KEY [--api-key KEY] [--team-id ID --bundle-id ID]
                                    [--link CODE] [--json] [--timeout SECONDS]

        CHECKS: the host answers, over HTTPS (plain HTTP only for a loopback test server); /health;
                /.well-known/apple-app-site-association (200 without a redirect, Content-Type application/json,
                at most 128 KB, valid JSON, your app ID, a component covering /<org>/*, Cache-Control);
                the key is a CLIENT key (a call that changes nothing); the link's /data, its redirect page's click
                token and that token on /match; the clock skew from the Date header (warns past 60 s).
                What each line means and how to fix it: docs/doctor.md.

        OPTIONS:
          --base-url URL        the link domain, e.g. https://links.example.com (required)
          --org-key KEY         the org's 4-character key (required)
          --api-key KEY         the key the app ships: proven a CLIENT key by POST /sdk/identity/clear for a random
                                device (404 = valid CLIENT key, 401 = wrong key, 403 = a SERVER key). Nothing is stored.
          --team-id ID          with --bundle-id: the app ID <teamId>.<bundleId> the AASA must list
          --bundle-id ID
          --link CODE           a short code of the org: checks /data, the redirect page and its token on /match.
                                This counts two clicks; the doctor's own click is claimed so no phone matches it.
          --json                one JSON document on stdout (schema in docs/doctor.md) instead of the checklist
          --timeout SECONDS     per request, whole seconds 1–120 (default 10)
          -h, --help            show this help

        EXIT CODES: 0 every check passed (warnings and skips allowed), 1 a check failed, 2 bad arguments,
                    3 the host did not answer at all (refused, DNS, TLS, timeout).
        Output is coloured only on a terminal, and never when NO_COLOR is set (non-empty, as for the dashboard).
        """
}
