import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A browser on a phone, as far as the stand-ins' pages need one: plain `GET`s with a Safari
/// `User-Agent`, `Accept-Language` and `X-Forwarded-For: <address>` (the phone's network), following
/// `302` `Location`s and `<meta http-equiv="refresh">` itself, on 127.0.0.1 only. It stops before any
/// other host or scheme (the App Store), and reads an `opl_` clipboard token a page's script would copy.
struct StandInBrowser {
    /// An iPhone 15 Pro's Safari on iOS 17.4.1.
    static let iPhoneSafari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Version/17.4.1 Mobile/15E148 Safari/604.1"

    /// What one visit did.
    struct Visit {
        /// Every URL requested, in order.
        var hops: [URL] = []
        /// The status of each hop.
        var statuses: [Int] = []
        /// The last page's body.
        var lastPage = ""
        /// Where the browser was sent but did not go (another host or scheme: the App Store).
        var stoppedBefore: URL?
        /// The `opl_` token a page's script writes to the clipboard, if any page had one.
        var clipboardToken: String?
    }

    /// The phone's address, sent as `X-Forwarded-For`.
    var address: String
    /// The `User-Agent`.
    var userAgent = StandInBrowser.iPhoneSafari
    /// The `Accept-Language`.
    var acceptLanguage = "en-US,en;q=0.9"

    /// Opens `url` and follows it until a page leads nowhere local (at most 10 hops).
    func visit(_ url: URL) async throws -> Visit {
        var visit = Visit()
        var next: URL? = url
        while let current = next, visit.hops.count < 10 {
            guard current.scheme == "http", current.host == "127.0.0.1" else {
                visit.stoppedBefore = current
                break
            }
            let (status, headers, body) = try await get(current)
            visit.hops.append(current)
            visit.statuses.append(status)
            let page = String(decoding: body, as: UTF8.self)
            visit.lastPage = page
            if visit.clipboardToken == nil { visit.clipboardToken = Self.clipboardToken(in: page) }
            if (300..<400).contains(status), let location = headers["location"] {
                next = URL(string: location, relativeTo: current)?.absoluteURL
            } else if status == 200, let refresh = Self.metaRefresh(in: page) {
                next = URL(string: refresh, relativeTo: current)?.absoluteURL
            } else {
                next = nil
            }
        }
        return visit
    }

    /// The URL of a page's `<meta http-equiv="refresh" content="N;url=…">`, if it has one.
    static func metaRefresh(in page: String) -> String? {
        let pattern = #"<meta[^>]*http-equiv=["']?refresh["']?[^>]*content=["']([^"']*)["']"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
            let match = regex.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)),
            let range = Range(match.range(at: 1), in: page)
        else { return nil }
        let content = page[range]
        guard let urlStart = content.range(of: "url=", options: .caseInsensitive) else { return nil }
        return String(content[urlStart.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The first `opl_` and 22 base64url characters in a page.
    static func clipboardToken(in page: String) -> String? {
        guard let range = page.range(of: #"opl_[A-Za-z0-9_-]{22}"#, options: .regularExpression) else { return nil }
        return String(page[range])
    }

    /// One `GET`, redirects not followed.
    private func get(_ url: URL) async throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language")
        request.setValue(address, forHTTPHeaderField: "X-Forwarded-For")
        return try await withCheckedThrowingContinuation { continuation in
            Self.session.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    return
                }
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
                }
                continuation.resume(returning: (response.statusCode, headers, data ?? Data()))
            }.resume()
        }
    }

    private static let session = URLSession(
        configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
}

/// Hands every redirect back to the caller unfollowed (the browser follows it itself, and records it).
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
