import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// In an app extension the SDK runs no first-launch sequence and never touches the pasteboard: it would
/// spend the containing app's click token.
@Suite("App extensions")
struct AppExtensionTests {
    @Test func anExtensionNeitherMatchesNorReadsThePasteboardAndSaysWhy() async throws {
        // Given an extension's first start, with a click token on the pasteboard
        let logs = Recorder<String>()
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: DeferredSequenceTests.answering(), pasteboard: pasteboard)
        var environment = device.environment
        environment.isAppExtension = true
        let configuration = Fixtures.configuration(
            clipboardReading: .whenAppAsks, logLevel: .info, logger: { _, message in logs.record(message) })
        let sdk = OptoLink.start(configuration: configuration, environment: environment)

        // When its launch settles and it asks for the pasteboard
        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(await sdk.checkPasteboard() == false)
        #expect(await sdk.trackEvent("widget_tap"))
        await sdk.flushEvents()
        await sdk.shutdown()

        // Then no /match, the pasteboard untouched, the app's first launch still pending, and an info line
        #expect(!(await endpoints(device.transport)).contains(.match))
        #expect(await endpoints(device.transport).contains(.events))
        #expect(pasteboard.hasStringsCount == 0)
        #expect(pasteboard.readCount == 0)
        #expect(pasteboard.content == Fixtures.token)
        #expect(!device.store.bool(forKey: LaunchState.key))
        #expect(logs.all.contains { $0.contains("app extension") && $0.contains("/match") })
    }

    @Test(arguments: [
        ("/private/var/containers/Bundle/Application/X/Demo.app/PlugIns/Widget.appex", true),
        ("/private/var/containers/Bundle/Application/X/Demo.app", false),
        ("/usr/bin", false),
    ])
    func anExtensionIsABundleWhosePathEndsInAppex(path: String, isExtension: Bool) {
        #expect(OptoLinkEnvironment.isAppExtension(bundlePath: path) == isExtension)
    }

    @Test func theLiveEnvironmentLooksAtTheMainBundle() {
        #expect(OptoLinkEnvironment.live.isAppExtension == Bundle.main.bundlePath.hasSuffix(".appex"))
        #expect(!OptoLinkEnvironment.live.isAppExtension)  // the test runner is no extension
    }
}
