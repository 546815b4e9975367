import Foundation
import OptoLink
import OptoLinkTesting

/// An iPhone running the real SDK over the real `URLSessionTransport`, with in-memory store, pasteboard
/// and device info, on the simulated network `address` (sent as `X-Forwarded-For`).
struct SimulatedDevice {
    /// The app side's traits: an iPhone 15 Pro, iOS 17.4.1, en-US, America/New_York.
    static let appFingerprint = FixedDeviceInfo.iPhone.value

    var address: String
    var store = InMemoryKeyValueStore()
    var pasteboard = InMemoryPasteboard()
    var fingerprint = SimulatedDevice.appFingerprint

    init(address: String) {
        self.address = address
    }

    /// The flag the SDK sets when the first launch has settled.
    var firstLaunchDone: Bool { store.bool(forKey: LaunchState.key) }

    /// Starts the SDK against `server` (one call = one app launch). `backoffBase` is small unless a test
    /// measures real waits; links on `links.demo.test` (the demo custom domain) are ours too.
    func start(
        _ baseURL: URL, launchURL: URL? = nil, timeout: TimeInterval = 10, maxRetries: Int = 2,
        backoffBase: TimeInterval = 0.05,
        clipboardEnabled: Bool = true, clock: any OptoLinkClock = SystemClock()
    ) throws -> OptoLink {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: DemoKeys.client, orgKey: "demo", baseURL: baseURL, links: .init(domains: ["links.demo.test"]),
            clipboard: .init(reading: clipboardEnabled ? .atFirstLaunch : .never),
            retry: RetryPolicy(maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: 30), timeout: timeout)
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: pasteboard, deviceInfo: FixedDeviceInfo(fingerprint),
            transport: ForwardedForTransport(address: address), clock: clock)
        return OptoLink.start(configuration: configuration, environment: environment, launchURL: launchURL)
    }

    /// Marks this install's first launch as already done (a later launch of an app installed earlier).
    func markInstalledEarlier() {
        LaunchState(store: store).markFirstLaunchDone()
    }
}

/// The demo seed's raw keys (INTERFACES.md), and its links' deterministic ids.
enum DemoKeys {
    static let client = "opl_sdk_demo_client_key_0000000001"
    static let server = "opl_api_demo_server_key_0000000001"
    static let beta = "opl_sdk_beta_client_key_0000000001"
    static let gone = "opl_sdk_gone_client_key_0000000001"
    static let all = [client, server, beta, gone]
}

/// The seed's `demo` links, as the contract and the seed describe them.
enum DemoLinks {
    static let summerPath = "/promo/summer"
    /// `summer`'s params merged over the `promo` template's (per-link wins).
    static let summerParams: [String: JSONValue] = ["utm_source": .string("newsletter"), "campaign": .string("summer")]
    static let welcomePath = "/onboarding/welcome"
    static let welcomeParams: [String: JSONValue] = ["ref": .string("demo")]
    static let flashPath = "/promo/flash"
    static let flashParams: [String: JSONValue] = ["campaign": .string("flash")]
}
