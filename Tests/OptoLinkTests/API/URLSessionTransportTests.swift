import Foundation
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
            reply:
                "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 3\r\nX-Request-Id: rq-7\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/match")!
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "POST", url: url, headers: ["X-API-Key": "opl_sdk_x", "Content-Type": "application/json"],
                body: Data("{}".utf8), timeout: 5))
        #expect(response.status == 429)
        #expect(response.header("retry-after") == "3")
        #expect(response.header("X-Request-Id") == "rq-7")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("POST /match HTTP/1.1\r\n"))
        #expect(
            request.lowercased().contains("x-api-key: opl_sdk_x")
                || request.lowercased().contains("x-api-key:opl_sdk_x"))
    }

    @Test func theAnswerIsHandedOverFromTheCompletionHandlerBeforeSendReturns() async throws {
        let body = #"{"linkId":"l","path":"/p"}"#
        let server = try LoopbackServer(
            reply: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: rq-8\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/demo/p/data")!
        let events = Recorder<String>()
        let handedOver = Recorder<HTTPResponse>()
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: url, headers: ["X-API-Key": "opl_sdk_x", "Accept": "application/json"], timeout: 5),
            onAnswer: { answer in
                // URLSession's completion handler runs on its own queue, outside any Swift task: the
                // protocol's default would call this from the waiting task after `send` returned.
                events.record(withUnsafeCurrentTask { $0 == nil } ? "answer outside any task" : "answer in a task")
                handedOver.record(answer)
            })
        events.record("returned")
        #expect(events.all == ["answer outside any task", "returned"])
        #expect(handedOver.all == [response])
        #expect(response.status == 200)
        // Header fields are converted when first read, and read the same.
        #expect(response.header("x-request-id") == "rq-8")
        #expect(response.headers["Content-Type"] == "application/json")
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("GET /demo/p/data HTTP/1.1\r\n"))
        #expect(request.lowercased().contains("accept: application/json"))
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

@Suite("URLSessionTransport response headers")
struct URLSessionTransportHeaderTests {
    @Test func trimmingMatchesFoundationOnEveryShape() {
        let samples = [
            "", " ", "\t", "  \t ", "3", " 3", "3 ", "\t3\t", "a b", " a b ", "\u{00A0}x", "x\u{00A0}",
            "\u{2003}é\u{2003}",
            "\n3\n", "\r\n", "rq-7", "application/json; charset=utf-8", "é", "😀 ", " 😀",
        ]
        for sample in samples {
            #expect(
                URLSessionTransport.trimmed(sample) == sample.trimmingCharacters(in: .whitespaces),
                "\(sample.debugDescription)")
        }
    }

    @Test func convertsEveryFieldWithTrimmedValues() throws {
        let url = try #require(URL(string: "http://127.0.0.1/x"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Retry-After": " 3", "X-Request-Id": "rq-7", "Content-Type": "application/json\t"]))
        var expected: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            expected[String(describing: key)] = String(describing: value).trimmingCharacters(in: .whitespaces)
        }
        #expect(URLSessionTransport.headers(of: response) == expected)
        #expect(expected["X-Request-Id"] == "rq-7")
    }
}
