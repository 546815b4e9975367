import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Users updating from an app version without the SDK are no new installs: no `/match`, so no
/// fingerprint or IP match that would send them somewhere they never clicked.
@Suite("Installs that predate the SDK")
struct ExistingInstallTests {
    @Test func anExistingInstallSkipsTheDeferredMatchAndRegistersASession() async throws {
        // Given the SDK's first start in an app that was installed before it
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: DeferredSequenceTests.answering(), pasteboard: pasteboard)
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, privacy: .init(existingInstall: true)
        )
        let sdk = device.start(configuration)
        let diagnostics = sdk.diagnostics

        // When its launch settles
        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(await waitFor(diagnostics, isSessionRegistered) != nil)
        await sdk.shutdown()

        // Then no /match and no pasteboard read: a later launch from now on, with one session
        #expect(await endpoints(device.transport) == [.session])
        #expect(pasteboard.hasStringsCount == 0)
        #expect(pasteboard.content == Fixtures.token)
        #expect(device.store.bool(forKey: LaunchState.key))
    }

    @Test func theFlagChangesNothingForANewInstallWhoseFirstLaunchIsDoneOrForALink() async throws {
        // A link that opened the app is still delivered
        let device = TestDevice(transport: DeferredSequenceTests.answering())
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, privacy: .init(existingInstall: true)
        )
        let sdk = device.start(configuration, launchURL: URL(string: "https://links.demo.test/demo/summer")!)
        let links = sdk.links
        #expect(await sdk.resolveDeferredLink() == nil)  // not a first launch any more
        await sdk.flushEvents()
        await sdk.shutdown()
        #expect(await collect(links).map(\.path) == ["/promo/summer"])
        #expect(!(await endpoints(device.transport)).contains(.match))
        #expect(
            try OptoLinkConfiguration.optoLink(apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL)
                .privacy.existingInstall == false)
    }
}
