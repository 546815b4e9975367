import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore

/// The open inspector's document is built once per change of what it shows, not once per frame; whatever
/// the cache holds, the screen is the one a fresh document gives.
@Suite("Inspector cache and the byte-based JSONPretty")
struct InspectorCacheTests {
    /// The document a fresh build gives for the open inspector at the state's size.
    static func fresh(_ state: DashboardState) -> InspectorDocument? {
        guard case .inspector(let id, _) = state.overlay, let row = state.timeline.last(where: { $0.requestID == id })
        else { return nil }
        return InspectorDocument(
            row: row, exchanges: state.exchanges(of: id), now: state.now,
            width: InspectorDocument.textWidth(for: state.size))
    }

    @Test func theCacheFollowsExchangesTheClockWhileWaitingTheSizeAndTheOverlay() throws {
        // Given the inspector open on request 2 while it waits (1.2 s into its 2 s wait), one attempt recorded
        var state = Fixtures.reduced(
            Fixtures.flakyAfterEarlierMatch(),
            [
                .exchangeRecorded(Fixtures.matchExchange(attempt: 1, status: 503, start: 107, duration: 0.002)),
                .openOverlay(.inspector(requestID: 2, scroll: 0)),
            ])
        #expect(state.inspectorCache?.document == Self.fresh(state))
        // When the second attempt's record arrives, the clock moves on, the window shrinks
        for action: DashboardAction in [
            .exchangeRecorded(Fixtures.matchExchange(attempt: 2, status: 503, start: 108.002, duration: 0.008)),
            .tick(now: 109.7), .resize(.minimum),
        ] {
            let before = state.inspectorCache
            DashboardReducer.reduce(&state, action)
            // Then the cached document is rebuilt and is the fresh one
            #expect(state.inspectorCache != before, "\(action)")
            #expect(state.inspectorCache?.document == Self.fresh(state), "\(action)")
        }
        // A finished row's document does not change with the clock: no rebuild on a tick
        DashboardReducer.reduce(&state, .closeOverlay)
        #expect(state.inspectorCache == nil)
        var finished = Fixtures.reduced(
            Fixtures.flakyWithExchanges(), [.openOverlay(.inspector(requestID: 2, scroll: 0))])
        let cached = try #require(finished.inspectorCache)
        DashboardReducer.reduce(&finished, .tick(now: 200))
        #expect(finished.inspectorCache == cached)
        #expect(cached.document == Self.fresh(finished))
    }

    @Test(arguments: [ScreenSize.full, .minimum, ScreenSize(width: 250, height: 80)])
    func theScreenIsTheSameWithOrWithoutTheCache(size: ScreenSize) {
        // Given the inspector open and scrolled: its document cached at the state's size
        let state = Fixtures.reduced(
            Fixtures.flakyWithExchanges(),
            [
                .resize(size), .openOverlay(.inspector(requestID: 2, scroll: 0)),
                .scrollInspector(7),
            ])
        #expect(state.inspectorCache != nil)
        var uncached = state
        uncached.inspectorCache = nil
        // Then the screen does not depend on it, at the state's size or another (as the SVG export draws)
        #expect(DashboardRenderer.render(state, size: size) == DashboardRenderer.render(uncached, size: size))
        let other = ScreenSize(width: size.width + 17, height: size.height)
        #expect(DashboardRenderer.render(state, size: other) == DashboardRenderer.render(uncached, size: other))
    }

    /// Every string of three tokens after `{` or `[`, and of four structural ones after `{`: the byte-based
    /// JSONPretty says what the Character-based one said. (7 898 strings: a test that keeps a thread
    /// of the 2-thread pool busy for long stalls the real-time suites beside it.)
    @Test func theByteBasedJSONPrettyAgreesWithTheOracle() {
        let tokens = ["{", "}", "[", "]", ",", ":", #""a""#, #""x,{y}""#, #""q\"""#, "1", " ", "\n", "é", "null"]
        let structural = ["{", "}", "[", "]", ",", ":", #""a""#]
        var texts: [String] = ["{", "[", "{}", "[ ]", "  {\"a\": []}", "<html>\n</html>", "plain", ""]
        for a in tokens {
            for b in tokens {
                for c in tokens {
                    texts.append("{" + a + b + c)
                    texts.append("[" + a + b + c)
                }
            }
        }
        for a in structural {
            for b in structural { for c in structural { for d in structural { texts.append("{" + a + b + c + d) } } }
        }
        texts.append(
            #"{"deviceId":"dev-7f3a","fingerprint":{"platform":"ios","osVersion":"17.4","#
                + #""tz":"Europe/Berlin"},"clipboardToken":null,"n":[1,2,{"x":"日本"}],"e":{}}"#
        )
        let disagreeing = texts.filter { JSONPretty.lines($0) != JSONPrettyOracle.lines($0) }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5).map(\.debugDescription))")
        #expect(texts.count == 7_898)
    }

    @Test func windowsLineEndsBetweenTokensAreDropped() {
        // The Character-based version took "\r\n" (one Character, neither "\r" nor "\n") for text and kept it.
        let text = "{\"a\":1,\r\n\"b\":2}"
        #expect(JSONPretty.lines(text) == ["{", "  \"a\": 1,", "  \"b\": 2", "}"])
        #expect(JSONPrettyOracle.lines(text) != JSONPretty.lines(text))
    }
}
