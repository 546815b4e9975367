import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A first launch is done only when a link was delivered or `/match` settled: a direct open that fails
/// during the first launch falls back to the deferred match.
@Suite("First launch: a failed direct open falls back to the deferred match")
struct FirstLaunchFallbackTests {
    static let welcomeURL = URL(string: "https://go.demo.test/demo/welcome")!

    /// `/data` answers `dataStatus` (after `dataGate` opens, when given); `/match` matches (after `matchGate`).
    static func transport(dataStatus: Int, dataGate: Gate? = nil, matchGate: Gate? = nil) -> ScriptedTransport {
        routedTransport { endpoint, _ in
            switch endpoint {
            case .linkData:
                await dataGate?.wait()
                return dataStatus == 200
                    ? Fixtures.response(200, Fixtures.welcomeJSON)
                    : Fixtures.response(dataStatus, #"{"message":"Link not found"}"#)
            case .match:
                await matchGate?.wait()
                return Fixtures.response(200, Fixtures.matchedJSON)
            default:
                return Fixtures.response(200, Fixtures.sessionJSON)
            }
        }
    }

    @Test func aLaunchLinkThatCannotBeResolvedFallsBackToTheDeferredMatch() async throws {
        // Given a first launch opened by a link the backend does not know
        let device = TestDevice(
            transport: Self.transport(dataStatus: 404), pasteboard: InMemoryPasteboard(string: Fixtures.token))
        let sdk = device.start(launchURL: Self.welcomeURL)

        // When the first launch settles
        let link = try #require(await sdk.resolveDeferredLink())

        // Then the deferred match ran and was delivered, and only then the first launch was marked done
        #expect(link.isDeferred)
        #expect(link.matchType == .clipboard)
        #expect(device.store.bool(forKey: LaunchState.key))
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [link])
        #expect(await endpoints(device.transport) == [.linkData, .match])
    }

    @Test func theFirstLaunchIsNotDoneWhileTheLaunchLinkIsInFlight() async throws {
        // Given a first launch opened by a link whose /data is held
        let gate = Gate()
        let device = TestDevice(transport: Self.transport(dataStatus: 200, dataGate: gate))
        let sdk = device.start(launchURL: Self.welcomeURL)
        await device.transport.waitForRequests(1)

        // Then nothing is marked done before /data answered
        #expect(!device.store.bool(forKey: LaunchState.key))

        // When it answers, the link is delivered and the first launch is done, without /match
        await gate.open()
        let link = try #require(await sdk.resolveDeferredLink())
        #expect(link.matchType == .direct)
        #expect(device.store.bool(forKey: LaunchState.key))
        await sdk.shutdown()
        #expect(await endpoints(device.transport) == [.linkData])
    }

    @Test func aFailedDirectOpenWhileMatchIsInFlightKeepsTheDeferredMatch() async throws {
        // Given /match held in flight
        let matchGate = Gate()
        let device = TestDevice(transport: Self.transport(dataStatus: 404, matchGate: matchGate))
        let sdk = device.start()
        await device.transport.waitForRequests(1)

        // When a link opens the app but cannot be resolved, then the match answers
        #expect(await sdk.handle(url: Self.welcomeURL) == nil)
        await matchGate.open()

        // Then the deferred match is delivered: nothing else took the user anywhere
        let link = try #require(await sdk.resolveDeferredLink())
        #expect(link.isDeferred)
        #expect(link.path == "/promo/summer")
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [link])
    }

    @Test func aMatchThatAnswersDuringADirectOpenWaitsForItsOutcome() async throws {
        // Given /match and /data both held
        let matchGate = Gate()
        let dataGate = Gate()
        let device = TestDevice(transport: Self.transport(dataStatus: 503, dataGate: dataGate, matchGate: matchGate))
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))
        await device.transport.waitForRequests(1)
        let open = Task { await sdk.handle(url: Self.welcomeURL) }
        await device.transport.waitForRequests(2)

        // When the match answers first, then the direct open fails
        await matchGate.open()
        await dataGate.open()
        #expect(await open.value == nil)

        // Then the match is delivered after all
        let link = try #require(await sdk.resolveDeferredLink())
        #expect(link.isDeferred)
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [link])
    }

    @Test func aSuccessfulDirectOpenDuringTheMatchStillWinsWhenTheMatchAnswersFirst() async throws {
        // Given /match and /data both held
        let matchGate = Gate()
        let dataGate = Gate()
        let device = TestDevice(transport: Self.transport(dataStatus: 200, dataGate: dataGate, matchGate: matchGate))
        let sdk = device.start()
        let diagnostics = sdk.diagnostics
        await device.transport.waitForRequests(1)
        let open = Task { await sdk.handle(url: Self.welcomeURL) }
        await device.transport.waitForRequests(2)

        // When the match answers first, then the direct open succeeds
        await matchGate.open()
        await dataGate.open()
        let direct = try #require(await open.value)

        // Then only the direct link is delivered; the match is reported
        #expect(await sdk.resolveDeferredLink() == direct)
        let reported = await waitFor(diagnostics) { kind in
            if case .matchResult(let link?) = kind { return link.isDeferred } else { return false }
        }
        #expect(reported != nil)
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [direct])
    }
}
