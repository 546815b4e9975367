import Foundation

/// What the simulated browser reads in a page: where a `<meta http-equiv="refresh">` sends it, and the
/// OptoLink clipboard token the page writes to the pasteboard.
///
/// The browser runs no JavaScript, so it sees a page as Safari with JavaScript turned off would: a
/// `<meta http-equiv="refresh">` is followed (also one inside `<noscript>`, which is live then), a
/// navigation made by a script (`location.href = …`, `location.replace(…)`) is not.
package enum BrowserPage {
    /// The first meta refresh of `html` that names a URL: its delay in seconds and its URL as written
    /// (relative or absolute; the browser resolves it against the page's URL). Nil when there is none.
    ///
    /// Reads `<meta http-equiv="refresh" content="5; url=https://…">` in any letter case, with the attributes
    /// in either order, the value quoted or not, `url=` with or without quotes and spaces around `=`.
    package static func metaRefresh(in html: String) -> (delay: Double, url: String)? {
        var rest = html[...]
        while let open = rest.range(of: "<meta", options: .caseInsensitive) {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { return nil }
            let tag = rest[open.upperBound..<close]
            rest = rest[rest.index(after: close)...]
            let attributes = Self.attributes(of: tag)
            guard attributes["http-equiv"]?.lowercased() == "refresh", let content = attributes["content"],
                let refresh = Self.refresh(content)
            else { continue }
            return refresh
        }
        return nil
    }

    /// A refresh `content` value: `N` or `N; url=U` (HTML's "shared declarative refresh" steps, simplified:
    /// the delay is the leading number, the URL what follows `url=`).
    static func refresh(_ content: String) -> (delay: Double, url: String)? {
        let text = content.trimmingCharacters(in: .whitespaces)
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard let delay = Double(digits) else { return nil }
        var rest = text.dropFirst(digits.count).drop { $0 == " " || $0 == ";" || $0 == "," }
        if let equals = rest.firstIndex(of: "="),
            rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "url"
        {
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
        }
        var url = String(rest).trimmingCharacters(in: .whitespaces)
        if let quote = url.first, quote == "'" || quote == "\"" {
            url = String(url.dropFirst().prefix { $0 != quote })
        }
        return url.isEmpty ? nil : (delay, url)
    }

    /// The attributes of a tag's inside (`http-equiv="refresh" content='0;url=x'`), names lower-cased.
    static func attributes(of tag: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = tag
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            guard !name.isEmpty else { return attributes }
            rest = rest.dropFirst(name.count).drop(while: \.isWhitespace)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst().prefix { $0 != quote }
                    value = String(body)
                    rest = rest.dropFirst(body.count + 2)
                } else {
                    let body = rest.prefix { !$0.isWhitespace && $0 != ">" }
                    value = String(body)
                    rest = rest.dropFirst(body.count)
                }
            }
            attributes[name.lowercased()] = decodeEntities(value)
        }
    }

    /// `&amp;`, `&quot;`, `&#39;`, `&lt;`, `&gt;` in an attribute value (what an escaped URL uses).
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The first `opl_` + 22 base64url characters in a page (the clipboard token an OptoLink redirect page
    /// writes to the pasteboard), not part of a longer run of such characters.
    package static func clipboardToken(in html: String) -> String? {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var search = html[...]
        while let range = search.range(of: "opl_") {
            let rest = search[range.upperBound...]
            let body = rest.prefix(22)
            let next = rest.dropFirst(22).first
            if body.count == 22, body.allSatisfy({ allowed.contains($0) }), next.map({ !allowed.contains($0) }) ?? true
            {
                return "opl_" + body
            }
            search = rest
        }
        return nil
    }
}
