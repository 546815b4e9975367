import Foundation

/// What a page request tells about the device behind the browser: read from its `User-Agent` and
/// `Accept-Language` (a page request carries no time zone and no model).
struct BrowserTraits: Sendable, Hashable {
    /// `iOS`, `macOS` or `Android` (the labels a user-agent parser gives); nil when not recognised.
    var platform: String?
    /// The OS version with dots (`17.4.1`); nil when not given.
    var osVersion: String?
    /// `iPhone`, `iPad` or `iPod` for an Apple handheld; nil otherwise.
    var deviceType: String?
    /// The first `Accept-Language` tag, hyphenated (`en-US`); nil when none.
    var language: String?

    /// Reads `userAgent` and `acceptLanguage`.
    init(userAgent: String?, acceptLanguage: String?) {
        language = Self.language(acceptLanguage)
        guard let agent = userAgent else { return }
        for type in ["iPhone", "iPad", "iPod"] where agent.contains("(\(type);") || agent.contains("(\(type) ") {
            deviceType = type
            break
        }
        if deviceType != nil {
            platform = "iOS"
            // "CPU iPhone OS 17_4_1 like Mac OS X" or "CPU OS 17_4 like Mac OS X" (iPad).
            for marker in ["iPhone OS ", "CPU OS "] {
                if let range = agent.range(of: marker) {
                    osVersion = Self.version(agent[range.upperBound...])
                    break
                }
            }
        } else if let range = agent.range(of: "Android ") {
            platform = "Android"
            osVersion = Self.version(agent[range.upperBound...])
        } else if let range = agent.range(of: "Mac OS X ") {
            platform = "macOS"
            osVersion = Self.version(agent[range.upperBound...])
        }
    }

    /// The leading digits, `_` and `.` of `text`, with `_` as `.`; nil when there are none.
    private static func version(_ text: Substring) -> String? {
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == "_" || $0 == ".") }
        let version = digits.replacingOccurrences(of: "_", with: ".").trimmingCharacters(in: ["."])
        return version.isEmpty ? nil : version
    }

    /// The first tag of an `Accept-Language` value (`en-US,en;q=0.9` → `en-US`), `_` as `-`; nil for `*`.
    static func language(_ header: String?) -> String? {
        guard let header else { return nil }
        let first = header.split(separator: ",").first?.split(separator: ";").first ?? ""
        let tag = first.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        return tag.isEmpty || tag == "*" ? nil : tag
    }

    /// The primary subtag of a language tag, lowercased (`en-US` → `en`).
    static func primaryLanguage(_ tag: String) -> String {
        String(tag.split(separator: "-").first ?? "").lowercased()
    }
}
