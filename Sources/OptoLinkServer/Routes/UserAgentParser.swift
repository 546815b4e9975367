/// Platform and OS version from a browser's User-Agent, with ua-parser's platform labels:
/// `iOS` (iPhone, iPad, iPod: "CPU iPhone OS 17_4_1" → 17.4.1), `Android`, `macOS`, `Windows`, `Linux`.
package enum UserAgentParser {
    /// `(platform, osVersion)`; either may be nil.
    package static func parse(_ userAgent: String?) -> (platform: String?, osVersion: String?) {
        guard let ua = userAgent, !ua.isEmpty else { return (nil, nil) }
        if ua.contains("iPhone") || ua.contains("iPad") || ua.contains("iPod") {
            for marker in ["iPhone OS ", "CPU OS "] {
                if let range = ua.range(of: marker) {
                    return ("iOS", version(ua[range.upperBound...], separator: "_"))
                }
            }
            return ("iOS", nil)
        }
        if let range = ua.range(of: "Android") {
            let rest = ua[range.upperBound...].drop { $0 == " " }
            return ("Android", version(rest, separator: "."))
        }
        if let range = ua.range(of: "Mac OS X ") {
            return (
                "macOS",
                version(ua[range.upperBound...], separator: "_") ?? version(ua[range.upperBound...], separator: ".")
            )
        }
        if ua.contains("Macintosh") { return ("macOS", nil) }
        if let range = ua.range(of: "Windows NT ") {
            return ("Windows", version(ua[range.upperBound...], separator: "."))
        }
        if ua.contains("Linux") { return ("Linux", nil) }
        return (nil, nil)
    }

    /// The longest OS version kept (`17.4.1` is 6; a longer run of digits is no version a device reports).
    static let maxVersionLength = 20

    /// Leading digits-and-separators, rewritten with dots: "17_4_1 like" → "17.4.1"; nil when there is
    /// none or it is longer than `maxVersionLength` (what is stored is what the contract compares).
    private static func version(_ text: Substring, separator: Character) -> String? {
        var out = ""
        for c in text {
            if c.isASCII, c.isNumber {
                out.append(c)
            } else if c == separator || c == "." {
                out.append(".")
            } else {
                break
            }
            if out.utf8.count > maxVersionLength + 1 { return nil }
        }
        while out.hasSuffix(".") { out.removeLast() }
        return out.isEmpty || out.utf8.count > maxVersionLength ? nil : out
    }

    /// The longest language tag kept: RFC 5646 §4.4.1's minimum buffer size.
    static let maxLanguageTagLength = 35

    /// The first tag of an Accept-Language header, e.g. "en-US,en;q=0.9" → "en-US" (`_` → `-`); nil when
    /// it is `*`, longer than `maxLanguageTagLength`, or holds anything but letters, digits and `-`: only a
    /// language tag is stored, never kilobytes of header.
    package static func language(_ acceptLanguage: String?) -> String? {
        guard let header = acceptLanguage else { return nil }
        let first = header.utf8.prefix { $0 != UInt8(ascii: ",") }.prefix { $0 != UInt8(ascii: ";") }
        guard first.count <= maxLanguageTagLength + 64 else { return nil }  // no tag plus whitespace is this long
        let tag = String(decoding: first, as: UTF8.self).trimmingASCII(" \t").replacingOccurrences(of: "_", with: "-")
        guard !tag.isEmpty, tag.utf8.count <= maxLanguageTagLength,
            tag.utf8.allSatisfy({
                (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        return tag
    }
}
