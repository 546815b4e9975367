import Foundation
import TestSupport
import Testing

@testable import OptoLinkS2S

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("AppsFlyer S2S client: the signed request, the answer, errors, retries, timeouts", .timeLimit(.minutes(1)))
struct AppsFlyerS2SClientTests {
    static let seedDevKey = "w8sZzy8EaPaxFKfaoTqUi6"
    static let seedSignature = "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327"

    /// The seed's Click_found example, verbatim.
    static let clickFound = """
        {"found": true, "click_event": {"timestamp": "2020-04-22T08:45:33.412",
          "custom_params": {"fruit_name": "apples", "fruit_amount": "26"},
          "campaign_id": "394a89cf-275a-451b-b030-1c6f8b55ff19", "match_type": "probabilistic",
          "media_source": "Email", "campaign": "my_new_campaign", "click_http_referrer": "https://www.ynet.co.il/",
          "af_sub1": "my_afsub1", "af_sub2": "my_afsub2", "af_sub3": "my_afsub3", "af_sub4": "my_afsub4",
          "af_sub5": "my_afsub5"}}
        """
    /// The seed's Click_not_found example.
    static let clickNotFound = #"{"found": false, "click_event": {}}"#

    static func client(
        _ transport: ClosureTransport, clock: any S2SClock = ImmediateClock(), appID: String = "id123456789",
        configuration: AppsFlyerS2SConfiguration = AppsFlyerS2SConfiguration(),
        events: Recorder<S2SEvent>? = nil
    ) throws -> AppsFlyerS2SClient {
        var onEvent: (@Sendable (S2SEvent) -> Void)?
        if let events { onEvent = { events.record($0) } }
        return try AppsFlyerS2SClient(
            appID: appID, devKey: try AppsFlyerDevKey(seedDevKey), configuration: configuration, transport: transport,
            clock: clock, onEvent: onEvent)
    }

    static let seedRequest = AppsFlyerDeepLinkRequestTests.request()

    // MARK: The request on the wire

    @Test func theSeedsExampleIsPostedToTheSignedURLWithAJSONBody() async throws {
        // Given a client on the production base URL and the seed's timestamp, ip and DevKey
        let transport = ClosureTransport.answering(200, Self.clickNotFound)
        let client = try Self.client(transport)

        // When it asks for a deep link
        _ = try await client.deepLink(Self.seedRequest)

        // Then exactly one request went out: POST, the API's path and the seed's af_sig, JSON headers
        let sent = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(sent.method == "POST")
        #expect(
            sent.url.absoluteString == "https://dls2s.appsflyer.com/v1.0/ios/id123456789?af_sig=\(Self.seedSignature)")
        let components = try #require(URLComponents(url: sent.url, resolvingAgainstBaseURL: false))
        #expect(components.path == "/v1.0/ios/id123456789")
        #expect(components.queryItems == [URLQueryItem(name: "af_sig", value: Self.seedSignature)])
        #expect(sent.headers == ["Content-Type": "application/json", "Accept": "application/json"])
        #expect(sent.timeout == 3)

        // And the body's timestamp and ip are the signed ones, is_first a string
        #expect(
            String(decoding: sent.body, as: UTF8.self)
                == #"{"ip":"127.0.0.1","is_first":"true","lang":"en-US","os":"10.3.3","#
                + #""timestamp":"2015-01-22T08:45:33.412","type":"iPhone"}"#
        )
    }

    @Test func theSignatureIsComputedFromTheBodysOwnTimestampAndIP() async throws {
        // Given another instant and address
        let transport = ClosureTransport.answering(200, Self.clickNotFound)
        var request = Self.seedRequest
        request.ip = "198.51.100.23"
        request.timestamp = Date(timeIntervalSince1970: 1_735_689_599.999)

        // When it is sent
        _ = try await Self.client(transport).deepLink(request)

        // Then af_sig is the independent oracle's HMAC of the body's timestamp + ip under the DevKey
        let sent = try #require(transport.requests.first)
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        let timestamp = try #require(body["timestamp"] as? String)
        #expect(timestamp == "2024-12-31T23:59:59.999")
        let expected = SHA256Oracle.hex(
            SHA256Oracle.hmac(key: Array(Self.seedDevKey.utf8), message: Array((timestamp + "198.51.100.23").utf8)))
        #expect(sent.url.query == "af_sig=\(expected)")
    }

    @Test func theBaseURLIsConfigurableAndATrailingSlashIgnored() async throws {
        // Given an emulation on loopback
        let transport = ClosureTransport.answering(200, Self.clickNotFound)
        let configuration = AppsFlyerS2SConfiguration(baseURL: URL(string: "http://127.0.0.1:8080/v1.0/")!)

        // When a call is made
        _ = try await Self.client(transport, configuration: configuration).deepLink(Self.seedRequest)

        // Then the path is appended to it once
        #expect(
            transport.requests.first?.url.absoluteString
                == "http://127.0.0.1:8080/v1.0/ios/id123456789?af_sig=\(Self.seedSignature)")
    }

    @Test func anAppIDWithReservedCharactersIsPercentEncodedInThePath() throws {
        let client = try Self.client(ClosureTransport.answering(200, Self.clickNotFound), appID: "id12/34?x")
        let url = try client.signedRequest(for: Self.seedRequest).url
        #expect(url.absoluteString.hasPrefix("https://dls2s.appsflyer.com/v1.0/ios/id12%2F34%3Fx?af_sig="))
    }

    @Test func signedRequestIsExactlyWhatDeepLinkSends() async throws {
        let transport = ClosureTransport.answering(200, Self.clickNotFound)
        let client = try Self.client(transport)
        let signed = try client.signedRequest(for: Self.seedRequest)
        _ = try await client.deepLink(Self.seedRequest)
        #expect(transport.requests == [signed])
    }

    // MARK: Configuration

    @Test func aBadConfigurationIsRefusedWhenTheClientIsMade() {
        let transport = ClosureTransport.answering(200, Self.clickNotFound)
        let cases: [(String, AppsFlyerS2SConfiguration, String)] = [
            ("", AppsFlyerS2SConfiguration(), "appID"),
            ("id 1", AppsFlyerS2SConfiguration(), "appID"),
            ("id1", AppsFlyerS2SConfiguration(baseURL: URL(string: "ftp://example.com/v1.0")!), "baseURL"),
            ("id1", AppsFlyerS2SConfiguration(baseURL: URL(string: "https://example.com/v1.0?x=1")!), "baseURL"),
            ("id1", AppsFlyerS2SConfiguration(baseURL: URL(string: "file:///tmp")!), "baseURL"),
            ("id1", AppsFlyerS2SConfiguration(attemptTimeout: 0), "attemptTimeout"),
            ("id1", AppsFlyerS2SConfiguration(attemptTimeout: .infinity), "attemptTimeout"),
        ]
        for (appID, configuration, field) in cases {
            let error = #expect(throws: OptoLinkS2SError.self) {
                try Self.client(transport, appID: appID, configuration: configuration)
            }
            #expect(error == .invalidConfiguration)
            #expect(error?.field == field, "\(appID) \(configuration): \(error?.description ?? "")")
        }
    }

    @Test func anInvalidRequestIsRefusedWithoutSendingAnything() async throws {
        // Given a request whose ip is IPv6
        let transport = ClosureTransport.answering(200, Self.clickNotFound)
        let request = AppsFlyerDeepLinkRequestTests.request(ip: "2001:db8::1")

        // When it is sent
        let error = await #expect(throws: OptoLinkS2SError.self) { try await Self.client(transport).deepLink(request) }

        // Then it is refused locally, naming the field, and nothing went out
        #expect(error == .invalidRequest && error?.field == "ip" && error?.attempts == 0)
        #expect(transport.requests.isEmpty)
    }

    // MARK: The answer

    @Test func theSeedsClickFoundExampleIsReadIntoTypedFields() async throws {
        // When the seed's Click_found answer comes back
        let answer = try await Self.client(ClosureTransport.answering(200, Self.clickFound)).deepLink(Self.seedRequest)

        // Then every field is there, typed
        #expect(answer.found)
        #expect(answer.attempts == 1)
        let click = try #require(answer.clickEvent)
        #expect(click.timestamp == "2020-04-22T08:45:33.412")
        #expect(click.date == Date(timeIntervalSince1970: 1_587_545_133.412))
        #expect(click.customParams == ["fruit_name": .string("apples"), "fruit_amount": .string("26")])
        #expect(click.campaignID == "394a89cf-275a-451b-b030-1c6f8b55ff19")
        #expect(click.matchType == .probabilistic)
        #expect(click.matchType?.isDocumented == true)
        #expect(click.mediaSource == "Email")
        #expect(click.campaign == "my_new_campaign")
        #expect(click.clickHTTPReferrer == "https://www.ynet.co.il/")
        #expect(click.afSubs == ["my_afsub1", "my_afsub2", "my_afsub3", "my_afsub4", "my_afsub5"])
        #expect(click.afSub1 == "my_afsub1" && click.afSub5 == "my_afsub5")
        #expect(click.fields.count == 12)
    }

    @Test func theSeedsClickNotFoundExampleHasNoClick() async throws {
        let answer = try await Self.client(ClosureTransport.answering(200, Self.clickNotFound)).deepLink(
            Self.seedRequest)
        #expect(answer == AppsFlyerDeepLinkResponse(found: false, clickEvent: nil, attempts: 1))
    }

    @Test func nullFieldsAreNilAndAnUnknownMatchTypeIsKeptRaw() async throws {
        // Given a found answer with nulls, a match type the API does not list, extra and non-string members
        let body = """
            {"found": true, "click_event": {"timestamp": null, "custom_params": {"n": 26, "ok": true, "x": null},
             "campaign_id": null, "match_type": "fingerprint_v2", "media_source": null, "campaign": 42,
             "click_http_referrer": null, "af_sub1": null, "af_sub2": "b", "af_sub3": null, "af_sub4": null,
             "af_sub5": null, "deep_link_value": "shoes"}, "extra": 1}
            """

        // When it is read
        let click = try #require(
            try await Self.client(ClosureTransport.answering(200, body)).deepLink(Self.seedRequest).clickEvent)

        // Then nulls are nil, the match type is kept as sent, a number where a string belongs is its text
        #expect(
            click.timestamp == nil && click.campaignID == nil && click.mediaSource == nil
                && click.clickHTTPReferrer == nil)
        #expect(click.matchType == AppsFlyerMatchType(rawValue: "fingerprint_v2"))
        #expect(click.matchType?.isDocumented == false)
        #expect(click.campaign == "42")
        #expect(click.afSubs == [nil, "b", nil, nil, nil])
        #expect(click.customParams == ["n": .number(26), "ok": .bool(true), "x": .null])
        #expect(click.fields["deep_link_value"] == .string("shoes"))
    }

    @Test(arguments: [
        "not json", "[]", #"{"click_event": {}}"#, #"{"found": "true", "click_event": {}}"#,
        #"{"found": 1, "click_event": {}}"#,
        #"{"found": true, "click_event": []}"#, #"{"found": true, "click_event": {"custom_params": "x"}}"#,
        #"{"found": true, "click_event": {"campaign": {"a": 1}}}"#, "",
    ])
    func aTwoHundredWhoseBodyIsNotTheDocumentedShapeIsAnInvalidResponse(body: String) async throws {
        let transport = ClosureTransport.answering(200, body)
        let error = await #expect(throws: OptoLinkS2SError.self) {
            try await Self.client(transport).deepLink(Self.seedRequest)
        }
        #expect(error == .invalidResponse && error?.status == 200)
        #expect(transport.requests.count == 1, "an invalid 200 is not retried")
    }

    @Test func aHugeAnswerIsRefusedWithoutBeingParsed() async throws {
        let body = #"{"found": false, "click_event": {}, "pad": ""# + String(repeating: "x", count: 1 << 20) + #""}"#
        let error = await #expect(throws: OptoLinkS2SError.self) {
            try await Self.client(ClosureTransport.answering(200, body)).deepLink(Self.seedRequest)
        }
        #expect(error == .invalidResponse)
    }

    // MARK: Errors and retries

    @Test func aBadRequestIsATypedErrorWithTheServicesCodeAndIsNeverRetried() async throws {
        // Given a policy with retries to spare, and an answer 400 {code, message}
        let transport = ClosureTransport.answering(
            400, #"{"code": "invalid_signature", "message": "af_sig does not match"}"#)
        let clock = ImmediateClock()
        let policy = S2SRetryPolicy(maxRetries: 5)
        let client = try Self.client(
            transport, clock: clock, configuration: AppsFlyerS2SConfiguration(retryPolicy: policy))

        // When the call is made
        let error = await #expect(throws: OptoLinkS2SError.self) { try await client.deepLink(Self.seedRequest) }

        // Then it is .badRequest with AppsFlyer's code and message, after one attempt and no wait
        #expect(error == .badRequest)
        #expect(
            error?.status == 400 && error?.serviceCode == "invalid_signature"
                && error?.message == "af_sig does not match")
        #expect(error?.attempts == 1)
        #expect(transport.requests.count == 1)
        #expect(clock.sleepRequests.filter { $0 != 3 }.isEmpty)
    }

    @Test func theSeedsBadRequestExampleWithoutACodeKeepsItsMessage() async throws {
        let error = await #expect(throws: OptoLinkS2SError.self) {
            try await Self.client(ClosureTransport.answering(400, #"{"message": "Bad Request"}"#)).deepLink(
                Self.seedRequest)
        }
        #expect(error == .badRequest && error?.serviceCode == nil && error?.message == "Bad Request")
    }

    @Test func aBadRequestWithoutAJSONBodyIsStillABadRequest() async throws {
        let error = await #expect(throws: OptoLinkS2SError.self) {
            try await Self.client(ClosureTransport.answering(400, "<html>nope</html>")).deepLink(Self.seedRequest)
        }
        #expect(error == .badRequest && error?.message == "Bad Request")
    }

    @Test func unavailableAndGatewayTimeoutAreRetriedWithExponentialBackoffOnTheClock() async throws {
        // Given answers 503, 504, then the seed's found click
        let transport = ClosureTransport.scripted([(503, ""), (504, ""), (200, Self.clickFound)])
        let clock = ManualClock()
        let events = Recorder<S2SEvent>()
        let client = try Self.client(transport, clock: clock, events: events)

        // When the call is made and the clock moves on only as far as each wait
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 0.5)
        #expect(transport.requests.count == 1)
        clock.advance(by: 0.5)
        await clock.waitForSleep(of: 1)
        #expect(transport.requests.count == 2)
        clock.advance(by: 1)
        let answer = try await call.value

        // Then the third attempt's answer is returned, after waits of 0.5 s and 1 s, the same request each time
        #expect(answer.found && answer.attempts == 3)
        #expect(clock.sleepRequests.filter { $0 != 3 } == [0.5, 1])
        #expect(clock.elapsed == 1.5)
        #expect(Set(transport.requests).count == 1)
        let retries = events.all.compactMap { event -> Double? in
            if case .retryScheduled(_, let seconds) = event { return seconds }
            return nil
        }
        #expect(retries == [0.5, 1])
    }

    @Test func whenEveryAttemptIsUnavailableTheLastStatusIsThrown() async throws {
        // Given 503 on every attempt
        let transport = ClosureTransport.answering(503, "")
        let clock = ManualClock()
        let client = try Self.client(transport, clock: clock)

        // When the call runs through its retries
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 0.5)
        clock.advance(by: 0.5)
        await clock.waitForSleep(of: 1)
        clock.advance(by: 1)
        let error = await #expect(throws: OptoLinkS2SError.self) { try await call.value }

        // Then three attempts were made (2 retries) and the error says 503
        #expect(error == .httpStatus && error?.status == 503 && error?.attempts == 3)
        #expect(transport.requests.count == 3)
    }

    @Test func theBackoffDoublesUpToItsCapAndStopsAfterMaxRetries() async throws {
        // Given 504 on every attempt and a policy of 5 retries from 0.5 s capped at 1.5 s
        let transport = ClosureTransport.answering(504, "")
        let clock = ImmediateClock()
        let policy = S2SRetryPolicy(maxRetries: 5, backoffBase: 0.5, maxBackoff: 1.5)
        let client = try Self.client(
            transport, clock: clock, configuration: AppsFlyerS2SConfiguration(retryPolicy: policy))

        // When the call runs out of retries
        let error = await #expect(throws: OptoLinkS2SError.self) { try await client.deepLink(Self.seedRequest) }

        // Then six attempts were made with waits 0.5, 1, 1.5, 1.5, 1.5 between them
        #expect(error == .httpStatus && error?.status == 504 && error?.attempts == 6)
        #expect(transport.requests.count == 6)
        #expect(clock.sleepRequests.filter { $0 != 3 } == [0.5, 1, 1.5, 1.5, 1.5])
    }

    @Test func clientErrorsAreNotRetried() async throws {
        for status in [401, 404, 429] {
            let transport = ClosureTransport.answering(status, #"{"message": "no"}"#)
            let error = await #expect(throws: OptoLinkS2SError.self) {
                try await Self.client(transport).deepLink(Self.seedRequest)
            }
            #expect(error == .httpStatus && error?.status == status && error?.message == "no")
            #expect(transport.requests.count == 1, "status \(status)")
        }
    }

    /// Were final before the clients shared one retry rule (only 503 and 504 were retried).
    @Test(arguments: [500, 502, 505])
    func everyServerErrorIsRetriedNotOnlyTheDocumentedOnes(status: Int) async throws {
        // Given this 5xx on every attempt, and the default policy
        let transport = ClosureTransport.answering(status, #"{"message": "no"}"#)
        let clock = ImmediateClock()
        let client = try Self.client(transport, clock: clock)

        // When the call runs through its retries
        let error = await #expect(throws: OptoLinkS2SError.self) { try await client.deepLink(Self.seedRequest) }

        // Then three attempts were made, 0.5 s and 1 s apart, and the error says the status
        #expect(error == .httpStatus && error?.status == status && error?.message == "no" && error?.attempts == 3)
        #expect(transport.requests.count == 3)
        #expect(clock.sleepRequests.filter { $0 != 3 } == [0.5, 1])
    }

    @Test func aNetworkErrorIsRetriedThenTheAnswerReturned() async throws {
        // Given a refused connection, then the answer
        let transport = ClosureTransport.scripted([nil, (200, Self.clickNotFound)])
        let clock = ManualClock()
        let events = Recorder<S2SEvent>()
        let client = try Self.client(transport, clock: clock, events: events)

        // When the call is made
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 0.5)
        clock.advance(by: 0.5)
        let answer = try await call.value

        // Then the second attempt answered, and the first was reported as no answer
        #expect(answer.attempts == 2 && !answer.found)
        let noAnswers = events.all.compactMap { event -> OptoLinkS2SError? in
            if case .noAnswer(_, let error) = event { return error }
            return nil
        }
        #expect(noAnswers.count == 1 && noAnswers.first == .connectionFailed)
    }

    @Test func aConnectionThatNeverWorksEndsAsConnectionFailed() async throws {
        let transport = ClosureTransport.scripted([nil])
        let clock = ManualClock()
        let client = try Self.client(
            transport, clock: clock,
            configuration: AppsFlyerS2SConfiguration(retryPolicy: S2SRetryPolicy(maxRetries: 1)))
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 0.5)
        clock.advance(by: 0.5)
        let error = await #expect(throws: OptoLinkS2SError.self) { try await call.value }
        #expect(error == .connectionFailed && error?.attempts == 2)
        #expect(error?.underlying is URLError)
    }

    @Test func anAttemptPastItsTimeoutIsAbandonedCancelledAndRetried() async throws {
        // Given a first attempt that never answers (it waits on the clock for an hour) and a second that does
        let clock = ManualClock()
        let firstCancelled = Recorder<Bool>()
        let transport = ClosureTransport { _, attempt in
            if attempt == 1 {
                do {
                    try await clock.sleep(for: 3600)
                } catch {
                    firstCancelled.record(true)
                    throw error
                }
            }
            return S2SHTTPResponse(status: 200, body: Data(Self.clickFound.utf8))
        }
        let client = try Self.client(transport, clock: clock)

        // When the call is made and the clock passes the 3 s attempt timeout, then the 0.5 s wait
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitUntilPending { $0.contains(3600) && $0.contains(3) }
        clock.advance(by: 3)
        await clock.waitForSleep(of: 0.5)
        clock.advance(by: 0.5)
        let answer = try await call.value

        // Then the second attempt's answer is returned and the first attempt was cancelled
        #expect(answer.found && answer.attempts == 2)
        #expect(firstCancelled.all == [true])
        #expect(clock.elapsed == 3.5)
    }

    @Test func aTransportThatIgnoresCancellationCannotHoldTheCallPastTheTimeout() async throws {
        // Given a transport that, once started, only returns when the test lets it (it ignores cancellation)
        let clock = ManualClock()
        let release = Latch()
        let transport = ClosureTransport { _, _ in
            await release.wait()
            return S2SHTTPResponse(status: 200, body: Data(Self.clickFound.utf8))
        }
        let client = try Self.client(
            transport, clock: clock, configuration: AppsFlyerS2SConfiguration(retryPolicy: .none))

        // When the attempt timeout passes
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 3)
        clock.advance(by: 3)
        let error = await #expect(throws: OptoLinkS2SError.self) { try await call.value }
        release.open()

        // Then the call ends as timed out at once, not when the transport gives up
        #expect(error == .timedOut && error?.attempts == 1)
    }

    @Test func cancellingTheCallDuringABackoffWaitStopsIt() async throws {
        // Given 503 on every attempt
        let transport = ClosureTransport.answering(503, "")
        let clock = ManualClock()
        let client = try Self.client(transport, clock: clock)

        // When the call is cancelled while it waits before its first retry
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 0.5)
        call.cancel()
        let error = await #expect(throws: OptoLinkS2SError.self) { try await call.value }

        // Then it ends as cancelled and no second attempt was made
        #expect(error == .cancelled && error?.attempts == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func cancellingTheCallDuringAnAttemptStopsIt() async throws {
        // Given a transport that waits on the clock
        let clock = ManualClock()
        let transport = ClosureTransport { _, _ in
            try await clock.sleep(for: 3600)
            return S2SHTTPResponse(status: 200, body: Data(Self.clickFound.utf8))
        }
        let client = try Self.client(transport, clock: clock)

        // When the call is cancelled during the attempt
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 3600)
        call.cancel()
        let error = await #expect(throws: OptoLinkS2SError.self) { try await call.value }

        // Then it ends as cancelled after that one attempt
        #expect(error == .cancelled)
        #expect(transport.requests.count == 1)
    }

    @Test func eventsTellEachAttemptAnswerAndWaitInOrder() async throws {
        let transport = ClosureTransport.scripted([(504, ""), (200, Self.clickNotFound)])
        let clock = ManualClock()
        let events = Recorder<S2SEvent>()
        let client = try Self.client(transport, clock: clock, events: events)
        let call = Task { try await client.deepLink(Self.seedRequest) }
        await clock.waitForSleep(of: 0.5)
        clock.advance(by: 0.5)
        _ = try await call.value
        let described = events.all.map { event -> String in
            switch event {
            case .attemptStarted(let attempt): return "start \(attempt)"
            case .answered(let attempt, let status): return "answer \(attempt) \(status)"
            case .noAnswer(let attempt, let error): return "none \(attempt) \(error)"
            case .retryScheduled(let attempt, let seconds): return "retry \(attempt) \(seconds)"
            }
        }
        #expect(described == ["start 1", "answer 1 504", "retry 1 0.5", "start 2", "answer 2 200"])
    }
}
