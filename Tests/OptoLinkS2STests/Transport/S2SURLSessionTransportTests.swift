import Foundation
import Testing

@testable import OptoLinkS2S

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLSession transport: the URLRequest it builds")
struct S2SURLSessionTransportTests {
    @Test func theURLRequestCarriesMethodURLHeadersBodyAndAWholeSecondTimeoutOnLinux() throws {
        // Given a signed request
        let url = try #require(URL(string: "http://127.0.0.1:9/v1.0/ios/id1?af_sig=abc"))
        let request = S2SHTTPRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), timeout: 2.5
        )

        // When it becomes a URLRequest
        let urlRequest = S2SURLSessionTransport.urlRequest(for: request)

        // Then everything is carried over, and the timeout is whole seconds where libcurl needs it
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.url == url)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(urlRequest.httpBody == Data("{}".utf8))
        #if canImport(Darwin)
        #expect(urlRequest.timeoutInterval == 2.5)
        #else
        #expect(urlRequest.timeoutInterval == 3)
        #expect(S2SURLSessionTransport.effectiveTimeout(0.2) == 1)
        #endif
        #expect(S2SURLSessionTransport.effectiveTimeout(.nan) == 60)
    }
}
