import Foundation
import OptoLink
import OptoLinkTesting

/// Measure 2f: what every service's first launch shares, the SDK's own time from `OptoLink.start` to its
/// first request being handed to its `HTTPTransport` ("on the wire"), AppsFlyer's S2S request against
/// OptoLink's `/match` in the same run, built as rows 2–2e are (warm-up, interleaved pairs with alternating
/// order, ratio of medians with its range over 5 blocks), goal ≤ 1.10×.
///
/// Each launch is a real first launch on a fresh in-memory install from an address of its own, with a
/// click waiting for it on the server (recorded untimed just before), run to its end: it counts only when
/// its first request was the first-launch request, that request found the click (the server checked the
/// body and, for AppsFlyer, the signature), the link was delivered and the first launch marked done. The
/// time inside AppsFlyer's signing hook is subtracted (``FirstRequestTiming``): the app's backend signs,
/// not the SDK; the hook signs for real (in-process, `OptoLinkS2S`) and stamps its own entry and return.
enum FirstRequestBench {
    static let measure = "2f. First launch, start → first request on the wire: AppsFlyer (signing hook excluded)"
    static let baseline = "OptoLink's first launch, start → /match on the wire"

    /// One of the two services' first launches.
    struct Side: Sendable {
        /// The first-launch request's path: the first request the SDK must send.
        let requestPath: String
        /// The devices' addresses: `127.<block>.x.y`, one per launch.
        let block: Int
        /// Records a click from `address` for the launch to find (untimed); false when refused.
        let click: @Sendable (_ address: String) async -> Bool
        /// The configuration of a launch from `address`; a hook (if any) tells `probe` when it runs.
        let configuration: @Sendable (_ address: String, _ probe: FirstRequestProbe) -> OptoLinkConfiguration?
        /// Whether the delivered link is the click's.
        let isTheClick: @Sendable (OptoLinkData) -> Bool
        /// The app's transport (one per side, as one app process has one URLSession).
        let transport: any HTTPTransport
        /// Whether the launch goes through a signing hook.
        let signs: Bool
    }

    static func run(pairs: Int, warmup: Int) async -> MeasureResult {
        let server: BenchServer
        do { server = try BenchServer() } catch {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: ProviderOpenBench.goal, reason: "server: \(error)")], notes: [])
        }
        defer { server.stop() }
        let appsFlyer = appsFlyerSide(server)
        let optoLink = optoLinkSide(server)
        let appsFlyerIndex = Counter()
        let optoLinkIndex = Counter()
        var appsFlyerTimings: [FirstRequestTiming] = []
        var optoLinkTimings: [FirstRequestTiming] = []
        var refusedLaunches: [String] = []
        var requests: [String: HTTPRequest] = [:]
        func launch(_ side: Side, index: Int, into timings: inout [FirstRequestTiming]) async -> Double? {
            switch await firstLaunch(side, index: index) {
            case .success(let launch):
                timings.append(launch.timing)
                requests[side.requestPath] = launch.request
                return launch.timing.sdkTime
            case .failure(let error):
                if refusedLaunches.count < 3 { refusedLaunches.append(error.description) }
                return nil
            }
        }
        func a() async -> Double? { await launch(appsFlyer, index: appsFlyerIndex.next(), into: &appsFlyerTimings) }
        func b() async -> Double? { await launch(optoLink, index: optoLinkIndex.next(), into: &optoLinkTimings) }
        guard await a() != nil, await b() != nil else {
            return MeasureResult(
                rows: [
                    .notMeasured(
                        measure, goal: ProviderOpenBench.goal,
                        reason: "a first launch did not go as a real one (\(refusedLaunches.joined(separator: "; ")))")
                ], notes: [])
        }
        for _ in 0..<warmup {
            _ = await a()
            _ = await b()
        }
        appsFlyerTimings = []
        optoLinkTimings = []
        let series = await ProviderOpenBench.measurePairs(pairs, a: a, b: b)
        let row = ProviderOpenBench.row(measure, series, baseline: baseline)
        return MeasureResult(
            rows: [row],
            notes: [
                note(
                    pairs: pairs, warmup: warmup, series: series, appsFlyer: appsFlyerTimings,
                    optoLink: optoLinkTimings, requests: requests, refused: refusedLaunches)
            ])
    }

    /// One launch that went as a real first launch: its moments and its first request.
    struct Launch: Sendable {
        let timing: FirstRequestTiming
        let request: HTTPRequest
    }

    /// One first launch on a fresh in-memory install, timed from just before `OptoLink.start` to the SDK's
    /// call of its transport (the bench waits on the probe meanwhile, calling nothing of the SDK's), then
    /// run to its end and checked against what a real first launch does.
    static func firstLaunch(_ side: Side, index: Int) async -> Result<Launch, BenchError> {
        let address = BenchAddress.address(block: side.block, index: index)
        guard await side.click(address) else { return .failure(BenchError("the server refused the click")) }
        let probe = FirstRequestProbe()
        guard let configuration = side.configuration(address, probe) else {
            return .failure(BenchError("configuration refused"))
        }
        let store = InMemoryKeyValueStore()
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
            transport: StampingTransport(
                base: ForwardedForTransport(base: side.transport, address: address), probe: probe),
            clock: SystemClock())
        // A launch that never sends its request must not hang the bench. Armed before the timer starts, on
        // the clock's own deadlines (a locked insert): a Dispatch timer of its own would wake libdispatch's
        // timer thread while the launch is timed.
        let clock = SystemClock()
        let stopWatchdog = clock.startDeadline(after: 10) { probe.abandon() }
        let start = clock.now()
        let sdk = OptoLink.start(configuration: configuration, environment: environment)
        let returned = clock.now()
        let call = await probe.firstRequest()
        stopWatchdog()
        // Untimed from here: the launch runs to its end, then is checked.
        let link = await sdk.resolveDeferredLink()
        let diagnostics = sdk.diagnostics
        await sdk.shutdown()
        var requestStarted: Double?
        for await diagnostic in diagnostics {
            if requestStarted == nil, case .requestStarted(_, .match, 1) = diagnostic.kind {
                requestStarted = diagnostic.time
            }
        }
        guard let call else { return .failure(BenchError("the SDK never called its transport")) }
        guard call.request.method == "POST", call.request.url.path == side.requestPath else {
            return .failure(BenchError("the first request was \(call.request.method) \(call.request.url.path)"))
        }
        guard let deviceId = store.string(forKey: DeviceIdentifierStore.key),
            String(decoding: call.request.body ?? Data(), as: UTF8.self).contains(deviceId)
        else { return .failure(BenchError("the request does not carry the stored device id")) }
        guard let link, link.isDeferred, side.isTheClick(link) else {
            return .failure(BenchError("the launch did not deliver the click's link"))
        }
        guard !LaunchState(store: store).isFirstLaunch else {
            return .failure(BenchError("the first launch was not marked done"))
        }
        guard probe.hookCallCount == (side.signs ? 1 : 0), (probe.hook != nil) == side.signs else {
            return .failure(BenchError("the signing hook ran \(probe.hookCallCount) times"))
        }
        guard let requestStarted,
            let timing = FirstRequestTiming(
                start: start, returned: returned, hook: probe.hook, requestStarted: requestStarted, onWire: call.time)
        else { return .failure(BenchError("the launch's moments are out of order")) }
        return .success(Launch(timing: timing, request: call.request))
    }

    /// AppsFlyer: `POST /v1.0/ios/{app_id}?af_sig=…` through a `.signing` hook that signs for real (the
    /// app's backend, played in-process with `OptoLinkS2S`'s HMAC) and stamps its entry and return.
    static func appsFlyerSide(_ server: BenchServer) -> Side {
        let appID = BenchAppsFlyerSigner.appID
        let baseURL = server.baseURL.appendingPathComponent("v1.0")
        return Side(
            requestPath: "/v1.0/ios/\(appID)", block: 26,
            click: { address in
                let response = try? await server.post(
                    "/dev/appsflyer/click",
                    json:
                        #"{"appId":"\#(appID)","link":"spring","platform":"iOS","#
                        + #""osVersion":"17.4.1","deviceModel":"iPhone","language":"en-US"}"#,
                    forwardedFor: address)
                return response?.status == 200
            },
            configuration: { address, probe in
                let hook = AppsFlyerHook.signing { timestamp in
                    probe.hookEntered(at: SystemClock().now())
                    guard let signature = BenchAppsFlyerSigner.signature(timestamp: timestamp, ip: address) else {
                        throw BenchError("the DevKey was refused")
                    }
                    let answer = AppsFlyerSignature(ip: address, signature: signature)
                    probe.hookReturned(at: SystemClock().now())
                    return answer
                }
                return try? .appsFlyer(appID: appID, hook: hook, baseURL: baseURL)
            },
            isTheClick: { $0.params["fruit_name"] == .string("apples") }, transport: URLSessionTransport(),
            signs: true)
    }

    /// OptoLink: `POST /match`, with the pasteboard never read, as AppsFlyer's configurations never read it
    /// (`clipboard: .init(reading: .never)`), so neither launch has a pasteboard task.
    static func optoLinkSide(_ server: BenchServer) -> Side {
        let baseURL = server.baseURL
        let fingerprint = FixedDeviceInfo.iPhone.value
        let click =
            #"{"orgKey":"demo","shortCode":"summer","platform":"\#(fingerprint.platform)","#
            + #""osVersion":"\#(fingerprint.osVersion)","#
            + #""deviceModel":"\#(fingerprint.deviceModel)","#
            + #""language":"\#(fingerprint.language)","timezone":"\#(fingerprint.timezone)"}"#
        return Side(
            requestPath: "/match", block: 27,
            click: { address in
                let response = try? await server.post("/dev/deferred/simulate", json: click, forwardedFor: address)
                return response?.status == 200
            },
            configuration: { _, _ in
                try? .optoLink(
                    apiKey: BenchServer.clientKey, orgKey: "demo", baseURL: baseURL, clipboard: .init(reading: .never))
            },
            isTheClick: { $0.path == "/promo/summer" }, transport: URLSessionTransport(), signs: false)
    }

    /// The row's note: how it was measured, and where each side's time went.
    static func note(
        pairs: Int, warmup: Int, series: ProviderOpenBench.Series, appsFlyer: [FirstRequestTiming],
        optoLink: [FirstRequestTiming], requests: [String: HTTPRequest], refused: [String]
    ) -> String {
        func median(_ values: [Double]) -> String { Format.duration(Stats(values).median) }
        let withHook = Stats(appsFlyer.map { $0.sdkTime + $0.hookTime }).median / Stats(optoLink.map(\.sdkTime)).median
        let body: (String) -> String = { path in
            requests[path].map { String(decoding: $0.body ?? Data(), as: UTF8.self) } ?? "?"
        }
        return
            "\(measure): the SDK's own time on a first launch from `OptoLink.start` to its first request "
            + "being handed to "
            + "its `HTTPTransport` (a wrapper reads the clock first thing in the call), AppsFlyer's S2S "
            + "request (A) against "
            + "OptoLink's `/match` (B). Both are real first launches, each on a fresh in-memory install (store, empty "
            + "pasteboard, `FixedDeviceInfo.iPhone`, `SystemClock`, default timeout and retries, the "
            + "pasteboard never read: "
            + "AppsFlyer's configurations never read it, so OptoLink's has `clipboardReading: .never`), "
            + "from an address of its "
            + "own with a click waiting for it (recorded untimed just before). While a launch is timed the "
            + "bench only waits "
            + "for the transport's call; then the launch runs to its end and counts only if its first request was the "
            + "first-launch request, carried the stored device id, found the click (the server checked the body and "
            + "AppsFlyer's signature), the link was delivered and the first launch marked done. A's signing "
            + "hook signs for "
            + "real (the app's backend, played in-process with `OptoLinkS2S`) and stamps its own first line "
            + "and return; that "
            + "interval is subtracted (the backend signs, not the SDK), what the SDK does to call it (its "
            + "task, its deadline, "
            + "resuming the launch) stays in. \(pairs) interleaved pairs after \(warmup) warm-up pairs, "
            + "\(series.failures) "
            + "launches refused\(refused.isEmpty ? "" : " (\(refused.joined(separator: "; ")))"); `blocks` "
            + "is the ratio over "
            + "\(series.blockRatios.count) blocks of \(max(10, pairs / 5)) pairs. "
            + "Split (medians; the parts' medians need not add up): A: `start` returning "
            + "\(median(appsFlyer.map(\.startReturning))), start → the hook \(median(appsFlyer.compactMap(\.toHook))), "
            + "the hook's return → the request loop \(median(appsFlyer.compactMap(\.afterHook))), the "
            + "request loop → the "
            + "transport \(median(appsFlyer.map(\.loopToTransport))); the hook itself (excluded) "
            + "\(median(appsFlyer.map(\.hookTime))). B: `start` returning "
            + "\(median(optoLink.map(\.startReturning))), start → "
            + "the request loop \(median(optoLink.map(\.toRequestLoop))), the request loop → the transport "
            + "\(median(optoLink.map(\.loopToTransport))). With the hook's time left in, A/B would read "
            + "\(Format.ratio(withHook)). Bodies: A `\(body("/v1.0/ios/\(BenchAppsFlyerSigner.appID)"))`, B "
            + "`\(body("/match"))`."
    }
}
