import Foundation
import TestSupport
import Testing

@testable import OptoLink

/// ``ProviderSupport/route(of:)`` reads a plain answer URL from its string: it must give what `URL` and
/// `URLComponents` give (``ProviderSupport/path(of:)``, ``ProviderSupport/queryParams(of:)``) on every URL.
@Suite("Answer URLs: the string reading agrees with URL")
struct ProviderRouteTests {
    static func model(_ text: String) -> (path: String, params: [String: JSONValue])? {
        guard let url = URL(string: text) else { return nil }
        return (ProviderSupport.path(of: url), ProviderSupport.queryParams(of: url))
    }

    @Test(.tags(.load), .skippable(.load)) func everyCombinationOfSchemeHostPathQueryAndFragmentAgrees() async {
        // Tens of thousands of inputs on one thread: never beside the real-clock tests (see QuietMachine).
        await QuietMachine.shared.run { Self.everyCombinationAgrees() }
    }

    static func everyCombinationAgrees() {
        let schemes = ["https", "http", "HTTPS", "ftp"]
        let hosts = ["x.test", "X.Test", "x.test:8080", "x.test:", "x test", "a@b.test", "[::1]", "", "x%41.test"]
        let paths = [
            "", "/", "/a", "/a/", "/a/b", "//a", "/a;p", "/a+b", "/%20", "/é", "/a b", "/a%2Fb", "/a/./b",
            "/products/spring", "/a//",
        ]
        let queries = [
            "", "?", "?a=1", "?a=1&&b", "?c=&=d", "?e=1=2", "?x=a+b", "?q=%20", "?q=a b", "?q=é", "?a=1&a=2",
            "?a=1?b=2", "?color=green&size=m",
        ]
        let fragments = ["", "#", "#f", "#f?g", "#a#b", "#f g", "#%20"]
        var compared = 0
        var plain = 0
        for scheme in schemes {
            for host in hosts {
                for path in paths {
                    for query in queries {
                        for fragment in fragments {
                            let text = "\(scheme)://\(host)\(path)\(query)\(fragment)"
                            let ours = ProviderSupport.route(of: text)
                            let theirs = Self.model(text)
                            #expect(ours?.path == theirs?.path, "\(text)")
                            #expect(ours?.params == theirs?.params, "\(text)")
                            compared += 1
                            if theirs != nil { plain += 1 }
                        }
                    }
                }
            }
        }
        #expect(compared == schemes.count * hosts.count * paths.count * queries.count * fragments.count)
        #expect(plain > compared / 4, "most combinations are URLs: \(plain) of \(compared)")
    }

    @Test func theAnswersOwnURLsAreReadWithoutURL() throws {
        let route = try #require(
            ProviderSupport.route(of: "https://shop.example.com/products/spring?color=green&size=m"))
        #expect(route.path == "/products/spring")
        #expect(route.params == ["color": "green", "size": "m"])
        #expect(URL(string: "https://[::1") == nil)
        #expect(ProviderSupport.route(of: "https://[::1") == nil)
    }
}
