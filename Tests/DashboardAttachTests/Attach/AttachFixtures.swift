import DashboardTestSupport
import OptoLink
import OptoLinkInspectorWire

@testable import DashboardCore

/// Hellos and states for the attach tests.
enum AttachFixtures {
    static func hello(
        device: String = "3f2a1b2c-0000-4000-8000-000000000001", session: String = "S1", clock: Double = 50,
        token: String = "k7m2-x9qp", allowsCommands: Bool = true
    ) -> InspectorHello {
        InspectorHello(
            token: token, session: session, app: "com.example.shop", sdkVersion: "0.1.0", sdkPlatform: "ios",
            provider: "optolink", orgKey: "demo", baseURLHost: "127.0.0.1", apiKeyPrefix: "opl_sdk_demo…",
            deviceId: device,
            fingerprint: Fingerprint(
                platform: "iOS", osVersion: "17.4", deviceModel: "iPhone15,2", language: "de-DE",
                timezone: "Europe/Berlin"),
            launchState: .firstLaunchPending, queuedEvents: 2, clipboardReading: .atFirstLaunch, pasteboard: .unknown,
            allowsCommands: allowsCommands, clock: clock)
    }

    /// A listening dashboard.
    static func listening() -> DashboardState {
        Fixtures.reduced(Fixtures.base(), [.attach(.listening(address: "127.0.0.1:7420", token: "k7m2-x9qp"))])
    }
}
