import OptoLinkFaults
import Testing

@testable import DashboardCore
@testable import DashboardProxy

@Suite("optolink-dash proxy: its own screen")
struct ProxyScreenTests {
    static func event(_ target: String, status: Int?, injected: Bool) -> ProxyEvent {
        ProxyEvent(
            method: "POST", target: target,
            decision: injected
                ? FaultPlan.Decision(fault: .status(503, retryAfter: nil), route: "any", use: 1, of: 2) : .pass,
            status: status, reachedUpstream: !injected)
    }

    @Test func fOpensTheFaultMenuAndEnterInjectsTheChosenFaultForTheChosenCount() {
        var state = ProxyScreenState(listen: "http://127.0.0.1:8788", upstream: "http://127.0.0.1:8787")
        #expect(state.handle(.character("f")) == nil)
        #expect(state.menu == ProxyScreenState.FaultMenu(kind: .status503, count: 2))
        // ↓ ↓ ↓ is the connection drop, 3 the count
        for key in [Key.down, .down, .down, .character("3")] { #expect(state.handle(key) == nil) }
        #expect(state.menu == ProxyScreenState.FaultMenu(kind: .drop, count: 3))
        #expect(state.handle(.enter) == .inject(FaultRequest(kind: .drop, count: 3)))
        #expect(state.menu == nil)
        // Esc closes the menu without a fault; c clears; q quits
        _ = state.handle(.character("f"))
        #expect(state.handle(.escape) == nil && state.menu == nil)
        #expect(state.handle(.character("c")) == .clear)
        #expect(state.handle(.character("q")) == .quit)
    }

    @Test func theListFollowsTheNewestUnlessScrolledBack() {
        var state = ProxyScreenState(listen: "l", upstream: "u")
        for n in 0..<5 { state.apply(Self.event("/r\(n)", status: 200, injected: false), time: Double(n)) }
        _ = state.handle(.up)
        _ = state.handle(.up)
        #expect(state.scroll == 2)
        // a new request keeps the same lines in view
        state.apply(Self.event("/r5", status: 200, injected: false), time: 5)
        #expect(state.scroll == 3)
        _ = state.handle(.character("G"))
        #expect(state.scroll == 0)
        // at most maxLines are kept
        for n in 0..<(ProxyScreenState.maxLines + 10) {
            state.apply(Self.event("/x\(n)", status: 200, injected: false), time: 0)
        }
        #expect(state.lines.count == ProxyScreenState.maxLines)
    }

    @Test(arguments: [ScreenSize.full, ScreenSize.minimum])
    func theScreenShowsWhereItForwardsThePendingFaultsAndMarksInjectedAnswers(size: ScreenSize) {
        // Given a passed request and an injected one, one fault still pending
        var state = ProxyScreenState(listen: "http://127.0.0.1:8788", upstream: "http://127.0.0.1:8787")
        state.pending = ["503 on any ×1"]
        state.apply(Self.event("/demo/summer/data?deviceId=x", status: 200, injected: false), time: 0.25)
        state.apply(Self.event("/match", status: 503, injected: true), time: 1.5)
        state.notice = "added: 503 on any ×2"
        // When it is drawn
        let buffer = ProxyScreenRenderer.render(state, size: size)
        let lines = buffer.lines
        // Then
        #expect(lines[0].contains("optolink-dash proxy │ http://127.0.0.1:8788 → http://127.0.0.1:8787"))
        #expect(lines[1].contains("pending: 503 on any ×1"))
        #expect(lines[2].contains("Requests (2)"))
        let passed = lines.firstIndex { $0.contains("0.250s  proxy: POST /demo/summer/data → 200") }
        let injected = lines.firstIndex { $0.contains("1.500s  proxy: POST /match → 503 (injected") }
        #expect(passed != nil && injected != nil, "\(lines)")
        if let passed, let injected {
            #expect(passed < injected, "newest at the bottom")
            #expect(buffer[10, injected].role == .warning)
            #expect(buffer[10, passed].role == .normal)
        }
        #expect(lines[size.height - 1].contains("f fault") && lines[size.height - 1].contains("q quit"))
        if size == .full { #expect(lines[size.height - 1].contains("added: 503 on any ×2")) }
    }

    @Test func theFaultMenuIsTheDashboards() {
        var state = ProxyScreenState(listen: "l", upstream: "u")
        _ = state.handle(.character("f"))
        let text = ProxyScreenRenderer.render(state, size: .minimum).lines.joined(separator: "\n")
        #expect(text.contains("Inject a fault"))
        for kind in FaultKind.allCases { #expect(text.contains(kind.label)) }
        #expect(text.contains("for the next 2 requests"))
    }

    @Test func anEmptyListSaysWhereToPointTheApp() {
        let text = ProxyScreenRenderer.render(
            ProxyScreenState(listen: "http://127.0.0.1:8788", upstream: "u"), size: .full
        )
        .lines.joined()
        #expect(text.contains("no requests yet: point the app's base URL at http://127.0.0.1:8788"))
        #expect(ProxyScreenRenderer.format3(0.005) == "0.005" && ProxyScreenRenderer.format3(12.34) == "12.340")
    }
}
