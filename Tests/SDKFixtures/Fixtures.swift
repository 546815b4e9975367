import Foundation
import OptoLink
import OptoLinkTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shared values for the SDK's and the inspector's tests (the demo org of INTERFACES.md).
package enum Fixtures {
    /// The demo org's CLIENT key (what an app holds).
    package static let clientKey = "opl_sdk_demo_client_key_0000000001"
    /// The demo org's SERVER key (which the SDK refuses).
    package static let serverKey = "opl_api_demo_server_key_0000000001"
    /// The demo backend.
    package static let baseURL = URL(string: "https://links.demo.test")!
    /// A well-formed click token.
    package static let token = "opl_AbCdEfGhIjKlMnOpQrSt-_"
    /// The fixed iPhone's device traits.
    package static let fingerprint = FixedDeviceInfo.iPhone.value

    /// The demo org's configuration, with the given settings.
    package static func configuration(
        timeout: TimeInterval = 10, maxRetries: Int = 2, clipboardReading: ClipboardReading = .atFirstLaunch,
        linkDomains: [String] = ["go.demo.test"],
        urlSchemes: [String] = [], capacity: Int = 100, enabledByDefault: Bool = true, logLevel: LogLevel = .warning,
        logger: OptoLinkLogger? = nil
    ) -> OptoLinkConfiguration {
        // The arguments are valid by construction; a failure here is a bug in the test itself.
        do {
            return try .optoLink(
                apiKey: clientKey, orgKey: "demo", baseURL: baseURL,
                links: .init(domains: linkDomains, urlSchemes: urlSchemes), clipboard: .init(reading: clipboardReading),
                retry: RetryPolicy(maxRetries: maxRetries), timeout: timeout,
                privacy: .init(enabledByDefault: enabledByDefault), events: .init(queueCapacity: capacity),
                logging: .init(level: logLevel, logger: logger))
        } catch {
            fatalError("fixture configuration refused: \(error)")
        }
    }

    /// A `/match` answer: a clipboard match of `/promo/summer`.
    package static let matchedJSON =
        #"{"matched":true,"matchMethod":"CLIPBOARD","matchConfidence":"exact","linkId":"l-summer","#
        + #""path":"/promo/summer","params":{"campaign":"summer","utm_source":"newsletter"}}"#
    /// A `/match` answer: no match.
    package static let noMatchJSON = #"{"matched":false,"matchMethod":"NONE"}"#
    /// A link's data: `/promo/summer`.
    package static let summerJSON = #"{"linkId":"l-summer","path":"/promo/summer","params":{"campaign":"summer"}}"#
    /// A link's data: `/onboarding/welcome`.
    package static let welcomeJSON = #"{"linkId":"l-welcome","path":"/onboarding/welcome","params":{"ref":"demo"}}"#
    /// A `/sdk/session` answer.
    package static let sessionJSON =
        #"{"ok":true,"deviceId":"d","firstSeenAt":"2026-01-01T00:00:00.000Z","lastSeenAt":"2026-01-02T00:00:00.000Z"}"#
    /// A `/sdk/identity` answer binding `user-42`.
    package static let identityJSON =
        #"{"ok":true,"deviceId":"d","externalId":"user-42","boundAt":"2026-01-02T00:00:00.000Z"}"#
    /// A `/sdk/identity/clear` answer.
    package static let clearJSON =
        #"{"ok":true,"deviceId":"d","externalId":null,"unboundAt":"2026-01-02T00:00:00.000Z"}"#
    /// `{"ok":true}`.
    package static let okJSON = #"{"ok":true}"#

    /// A JSON response with `status`.
    package static func response(_ status: Int, _ json: String = "{}", headers: [String: String] = [:]) -> HTTPResponse
    {
        HTTPResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
            body: Data(json.utf8))
    }
}

/// Which endpoint a request is for, from its URL path.
package func route(of request: HTTPRequest) -> Endpoint? {
    let path = request.url.path
    if path.hasSuffix("/sdk/identity/clear") { return .identityClear }
    if path.hasSuffix("/sdk/identity") { return .identity }
    if path.hasSuffix("/sdk/session") { return .session }
    if path.hasSuffix("/sdk/events") { return .events }
    if path.hasSuffix("/match") { return .match }
    if path.hasSuffix("/data") { return .linkData }
    return nil
}

/// One test device: fresh store, pasteboard, scripted transport, manual clock.
package struct TestDevice {
    /// The device's store (its installed state).
    package var store = InMemoryKeyValueStore()
    /// The device's pasteboard.
    package var pasteboard = InMemoryPasteboard()
    /// The device's clock.
    package var clock = ManualClock()
    /// The device's backend.
    package var transport: ScriptedTransport

    /// A device with this backend, store and pasteboard.
    package init(
        transport: ScriptedTransport, store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
        pasteboard: InMemoryPasteboard = InMemoryPasteboard()
    ) {
        self.transport = transport
        self.store = store
        self.pasteboard = pasteboard
    }

    /// The SDK's environment on this device.
    package var environment: OptoLinkEnvironment {
        OptoLinkEnvironment(
            store: store, pasteboard: pasteboard, deviceInfo: FixedDeviceInfo.iPhone, transport: transport, clock: clock
        )
    }

    /// Starts the SDK on this device.
    package func start(_ configuration: OptoLinkConfiguration = Fixtures.configuration(), launchURL: URL? = nil)
        -> OptoLink
    {
        OptoLink.start(configuration: configuration, environment: environment, launchURL: launchURL)
    }
}

/// A transport whose answers are chosen per endpoint by a closure; unknown routes get 404.
package func routedTransport(_ answer: @escaping @Sendable (Endpoint, HTTPRequest) async throws -> HTTPResponse)
    -> ScriptedTransport
{
    ScriptedTransport { request in
        guard let endpoint = route(of: request) else { return Fixtures.response(404, #"{"message":"no route"}"#) }
        return try await answer(endpoint, request)
    }
}

/// Keeps advancing `clock` whenever something sleeps on it, until cancelled.
package func autoAdvance(_ clock: ManualClock, by step: TimeInterval = 3600) -> Task<Void, Never> {
    Task {
        while !Task.isCancelled {
            await clock.waitForSleepers(1)
            if Task.isCancelled { return }
            await clock.advance(by: step)
        }
    }
}

/// Reads every value of a stream that finishes (after `shutdown()`).
package func collect<T>(_ stream: AsyncStream<T>) async -> [T] {
    var values: [T] = []
    for await value in stream { values.append(value) }
    return values
}

/// The request paths received so far, for readable expectations.
package func endpoints(_ transport: ScriptedTransport) async -> [Endpoint] {
    await transport.requests.compactMap(route(of:))
}
