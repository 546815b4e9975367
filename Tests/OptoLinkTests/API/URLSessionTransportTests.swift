import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OptoLink

@Suite("URLSessionTransport")
struct URLSessionTransportTests {
    @Test func timeoutsAreWholeSecondsOfAtLeastOneOffApplePlatforms() {
        #if canImport(Darwin)
        #expect(URLSessionTransport.effectiveTimeout(0.5) == 0.5)
        #expect(URLSessionTransport.effectiveTimeout(10) == 10)
        #else
        #expect(URLSessionTransport.effectiveTimeout(0.2) == 1)
        #expect(URLSessionTransport.effectiveTimeout(1) == 1)
        #expect(URLSessionTransport.effectiveTimeout(1.1) == 2)
        #expect(URLSessionTransport.effectiveTimeout(10) == 10)
        #expect(URLSessionTransport.effectiveTimeout(0) == 1)
        #endif
    }
}

@Suite("URLSessionTransport on loopback")
struct URLSessionTransportLoopbackTests {
    @Test func sendsHeadersAndBodyAndReadsAnyStatus() async throws {
        let body = #"{"message":"Retry after 3 second(s)"}"#
        let server = try LoopbackServer(
            reply: "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 3\r\nX-Request-Id: rq-7\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/match")!
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: "POST", url: url, headers: ["X-API-Key": "opl_sdk_x", "Content-Type": "application/json"],
                        body: Data("{}".utf8), timeout: 5))
        #expect(response.status == 429)
        #expect(response.header("retry-after") == "3")
        #expect(response.header("X-Request-Id") == "rq-7")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("POST /match HTTP/1.1\r\n"))
        #expect(request.lowercased().contains("x-api-key: opl_sdk_x") || request.lowercased().contains("x-api-key:opl_sdk_x"))
    }

    @Test func cancellingAHangingRequestThrowsCancelled() async throws {
        let server = try LoopbackServer(reply: nil)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/sdk/session")!
        let task = Task {
            try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url, timeout: 30))
        }
        await server.waitForRequest()
        task.cancel()
        let result = await task.result
        #expect(throws: URLError.self) { try result.get() }
        if case .failure(let error as URLError) = result { #expect(error.code == .cancelled) }
    }
}
