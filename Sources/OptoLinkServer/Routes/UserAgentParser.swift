/// Platform and OS version from a browser's User-Agent, with ua-parser's platform labels:
/// `iOS` (iPhone, iPad, iPod: "CPU iPhone OS 17_4_1" → 17.4.1), `Android`, `macOS`, `Windows`, `Linux`.
enum UserAgentParser {
    /// `(platform, osVersion)`; either may be nil.
    static func parse(_ userAgent: String?) -> (platform: String?, osVersion: String?) {
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
            return ("macOS", version(ua[range.upperBound...], separator: "_") ?? version(ua[range.upperBound...], separator: "."))
        }
        if ua.contains("Macintosh") { return ("macOS", nil) }
        if let range = ua.range(of: "Windows NT ") { return ("Windows", version(ua[range.upperBound...], separator: ".")) }
        if ua.contains("Linux") { return ("Linux", nil) }
        return (nil, nil)
    }

    /// Leading digits-and-separators, rewritten with dots: "17_4_1 like" → "17.4.1".
    private static func version(_ text: Substring, separator: Character) -> String? {
        var out = ""
        for c in text {
            if c.isASCII, c.isNumber { out.append(c) }
            else if c == separator || c == "." { out.append(".") }
            else { break }
        }
        while out.hasSuffix(".") { out.removeLast() }
        return out.isEmpty ? nil : out
    }

    /// The first tag of an Accept-Language header, e.g. "en-US,en;q=0.9" → "en-US" (`_` → `-`).
    static func language(_ acceptLanguage: String?) -> String? {
        guard let header = acceptLanguage,
              let first = header.split(separator: ",").first?.split(separator: ";").first?.trimmingASCII(" \t"),
              !first.isEmpty, first != "*"
        else { return nil }
        return first.replacingOccurrences(of: "_", with: "-")
    }
}
