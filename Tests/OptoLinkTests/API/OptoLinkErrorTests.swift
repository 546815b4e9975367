import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("OptoLinkError")
struct OptoLinkErrorTests {
    private func failure(_ answer: ScriptedTransport.Answer) async throws -> OptoLinkError? {
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(maxRetries: 0), transport: ScriptedTransport([answer]),
            clock: ManualClock())
        do {
            _ = try await api.linkData(shortCode: "summer", deviceId: nil)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesTheEnvelopeWithDetailsAndRequestId() async throws {
        let json =
            #"{"message":"Validation failed","details":[{"message":"must be a "#
            + #"string","field":"deviceId"},{"message":"too long"}],"requestId":"req-1"}"#
        let error = try #require(
            try await failure(.response(status: 400, json: json, headers: ["X-Request-Id": "hdr-9"])))
        #expect(error == .httpStatus)
        #expect(error.status == 400)
        #expect(error.message == "Validation failed")
        #expect(error.details == [.init(message: "must be a string", field: "deviceId"), .init(message: "too long")])
        #expect(error.requestId == "req-1")
        #expect(error.retryAfterSeconds == nil)
        #expect(error.description.contains("req-1"))
    }

    @Test func takesTheRequestIdFromTheHeaderWhenTheBodyHasNone() async throws {
        let error = try #require(
            try await failure(
                .response(status: 404, json: #"{"message":"Not found"}"#, headers: ["x-request-id": " abc "]))
        )
        #expect(error.requestId == "abc")
        #expect(error.message == "Not found")
    }

    @Test func parsesRetryAfterFrom429Messages() async throws {
        let error = try #require(
            try await failure(.response(status: 429, json: #"{"message":"Retry after 12 second(s)","requestId":"r"}"#)))
        #expect(error.status == 429)
        #expect(error.retryAfterSeconds == 12)
        #expect(OptoLinkError.parseRetryAfter("Retry after 1 second(s)") == 1)
        #expect(OptoLinkError.parseRetryAfter("Retry after 3 seconds") == 3)
        #expect(OptoLinkError.parseRetryAfter("Retry after soon") == nil)
        #expect(OptoLinkError.parseRetryAfter("Retry after 99999999999999999999 second(s)") == nil)
        #expect(OptoLinkError.parseRetryAfter("Too many requests") == nil)
    }

    @Test func fallsBackToTheRetryAfterHeader() async throws {
        let error = try #require(
            try await failure(
                .response(status: 429, body: Data("<html>slow down</html>".utf8), headers: ["Retry-After": "5"])))
        #expect(error.retryAfterSeconds == 5)
        #expect(error.message == "HTTP 429")
    }

    @Test func connectionFailuresHaveStatusZero() async throws {
        let refused = try #require(try await failure(.failure(URLError(.cannotConnectToHost))))
        #expect(refused == .connectionFailed)
        #expect(refused.status == 0)
        #expect(refused.isConnectionFailure)
        #expect((refused.underlying as? URLError)?.code == .cannotConnectToHost)
        let timeout = try #require(try await failure(.failure(URLError(.timedOut))))
        #expect(timeout == .timedOut)
        #expect(timeout.status == 0)
    }

    @Test func theAPIRefusesAnotherServicesConfigurationWithOneError() throws {
        // Given a configuration of each service but OptoLink
        let others: [OptoLinkConfiguration] = [
            try .quberoute(publishableKey: "qr_live_k"), try .deepBlue(apiKey: "db_key"),
            try .appsFlyer(appID: "id123456789", hook: .relay { _ in HTTPResponse(status: 200) }),
        ]
        for configuration in others {
            // When OptoLink's endpoints are made from it
            do {
                _ = try OptoLinkAPI(configuration: configuration, transport: ScriptedTransport())
                Issue.record("OptoLinkAPI took a \(configuration.service) configuration")
            } catch {
                // Then the documented error names the service
                #expect(error == .unsupportedByService)
                #expect(
                    error.message
                        == "OptoLinkAPI: \(configuration.service.displayName) has none of OptoLink's endpoints")
            }
        }
    }

    @Test func kindsCompareByKindOnly() {
        #expect(OptoLinkError.http(HTTPResponse(status: 500)) == .httpStatus)
        #expect(OptoLinkError.http(HTTPResponse(status: 500)) != .invalidResponse)
        #expect(OptoLinkError.transport(URLError(.cancelled)) == .cancelled)
    }
}
