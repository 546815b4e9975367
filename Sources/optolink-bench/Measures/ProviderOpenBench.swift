import Foundation
import OptoLink
import OptoLinkTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Measures 2c–2e: each emulated service's link call as the SDK makes it against a
/// bare `URLSession` POST of exactly the request the SDK sent, on the same server, built as row 2 is
/// (same warm-up, interleaved pairs with alternating order, medians, the ratio's range over 5 blocks;
/// goal ≤ 1.10× for 2c and 2d, none for 2e):
///
/// - 2c QubeRoute: `handle(url:)` of a click URL until the link is on `links` vs the POST
///   `/api/v1/sdk/resolve` the SDK sent (same body, install token included);
/// - 2d Deep Blue Links: `handle(url:)` of a short link vs the POST `/api/links/resolve`;
/// - 2e AppsFlyer, which has no direct open (its S2S API resolves no URL): a whole first launch,
///   `OptoLink.start` on a fresh install until `resolveDeferredLink()` returns the click, through a
///   `.signing` hook that signs in-process with `OptoLinkS2S` (the app's backend, played by the bench),
///   vs a bare POST of the signed request the SDK sent (`/v1.0/ios/{app_id}?af_sig=…`, same body).
///   Reported without a goal (the issue owner's decision): a whole first launch against one bare POST
///   cannot meet a direct-open goal, and AppsFlyer has no direct open. Row 2f (``FirstRequestBench``)
///   compares what the services share instead.
enum ProviderOpenBench {
    static let goal = "≤ 1.10× (medians)"

    /// What a series of interleaved pairs gave.
    struct Series {
        var ours: [Double] = []
        var base: [Double] = []
        var failures = 0
        var blockRatios: [Double] = []
    }

    /// `count` interleaved pairs (alternating which goes first), as row 2 runs them; `beforeBlock` runs
    /// (untimed) before each block of `count / 5` pairs.
    static func measurePairs(
        _ count: Int, beforeBlock: (Int) async -> Void = { _ in }, a: () async -> Double?, b: () async -> Double?
    ) async -> Series {
        var series = Series()
        let blockSize = max(10, count / 5)
        var blockA: [Double] = []
        var blockB: [Double] = []
        for index in 0..<count {
            if index % blockSize == 0 { await beforeBlock(index / blockSize) }
            var first: Double?
            var second: Double?
            if index % 2 == 0 {
                first = await a()
                second = await b()
            } else {
                second = await b()
                first = await a()
            }
            if let first {
                series.ours.append(first)
                blockA.append(first)
            } else {
                series.failures += 1
            }
            if let second {
                series.base.append(second)
                blockB.append(second)
            } else {
                series.failures += 1
            }
            if blockA.count + blockB.count >= 2 * blockSize || index == count - 1 {
                if !blockA.isEmpty, !blockB.isEmpty {
                    series.blockRatios.append(Stats(blockA).median / Stats(blockB).median)
                }
                blockA = []
                blockB = []
            }
        }
        return series
    }

    /// A bare `URLSession` (ephemeral, no cookies, no cache), as row 2's baseline uses.
    static func bareSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    /// One bare POST of `recorded` (its URL, headers and body, a fresh `X-Forwarded-For`), timed from before
    /// its `URLRequest` is built; nil unless 200 and `accept` likes the body.
    static func barePost(
        _ recorded: HTTPRequest, session: URLSession, address: String, accept: @escaping @Sendable (Data) -> Bool
    ) async -> Double? {
        let start = Stopwatch.now()
        var request = URLRequest(url: recorded.url)
        request.httpMethod = "POST"
        request.timeoutInterval = 10
        var headers = recorded.headers
        headers["X-Forwarded-For"] = address
        request.allHTTPHeaderFields = headers
        request.httpBody = recorded.body
        let ok: Bool = await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, response, _ in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                continuation.resume(returning: status == 200 && accept(data ?? Data()))
            }.resume()
        }
        let elapsed = Stopwatch.now() - start
        return ok ? elapsed : nil
    }

    /// The row for a series: the ratio of its medians against the ≤ 1.10× goal, or, with `hasGoal` false,
    /// reported without one (``BenchRow/noGoal``, verdict ``BenchRow/Verdict/info``: in neither tally).
    static func row(_ measure: String, _ series: Series, baseline: String, hasGoal: Bool = true) -> BenchRow {
        let goal = hasGoal ? Self.goal : BenchRow.noGoal
        guard !series.ours.isEmpty, !series.base.isEmpty else {
            return .notMeasured(measure, goal: goal, reason: "no successful pair (\(series.failures) failures)")
        }
        let a = Stats(series.ours)
        let b = Stats(series.base)
        let ratio = a.median / b.median
        let blocks = Stats(series.blockRatios)
        return BenchRow(
            measure: measure,
            ours: "median \(Format.duration(a.median)), p99 \(Format.duration(a.p99))",
            baseline: "median \(Format.duration(b.median)), p99 \(Format.duration(b.p99)) (\(baseline))",
            ratio: Format.ratio(ratio)
                + " (blocks \(Format.ratio(blocks.sorted.first ?? 0))–\(Format.ratio(blocks.max)))",
            goal: goal, verdict: hasGoal ? (ratio <= 1.10 ? .met : .missed) : .info)
    }

    static func run(pairs: Int, warmup: Int) async -> MeasureResult {
        let server: BenchServer
        do { server = try BenchServer() } catch {
            let rows = [quberouteMeasure, deepBlueMeasure].map {
                BenchRow.notMeasured($0, goal: goal, reason: "server: \(error)")
            }
            return MeasureResult(
                rows: rows + [.notMeasured(appsFlyerMeasure, goal: BenchRow.noGoal, reason: "server: \(error)")],
                notes: [])
        }
        defer { server.stop() }
        let session = bareSession()
        defer { session.invalidateAndCancel() }
        var rows: [BenchRow] = []
        var notes: [String] = []
        for result in [
            await directOpen(.quberoute, server: server, session: session, pairs: pairs, warmup: warmup),
            await directOpen(.deepBlue, server: server, session: session, pairs: pairs, warmup: warmup),
            await appsFlyerFirstLaunch(server: server, session: session, pairs: pairs, warmup: warmup),
        ] {
            rows += result.rows
            notes += result.notes
        }
        return MeasureResult(rows: rows, notes: notes)
    }

    static let quberouteMeasure = "2c. QubeRoute direct open: handle(url:) → links"
    static let deepBlueMeasure = "2d. Deep Blue direct open: handle(url:) → links"
    static let appsFlyerMeasure = "2e. AppsFlyer deep-link call: first launch via the signing hook"

    /// 2c and 2d: a later launch (no first-launch request in the way), direct opens only.
    static func directOpen(
        _ service: OptoLinkService, server: BenchServer, session: URLSession, pairs: Int, warmup: Int
    ) async -> MeasureResult {
        let measure: String
        let configuration: OptoLinkConfiguration?
        let linkURL: (Int) -> URL
        let resolvePath: String
        let deliveredPath: String
        let block: Int
        switch service {
        case .deepBlue:
            measure = deepBlueMeasure
            configuration = try? .deepBlue(
                apiKey: "dbl_sandbox_demo_key_000000001", baseURL: server.baseURL,
                links: .init(domains: ["demo.dev.thedbl.ink"]))
            // A new query each time: the SDK treats the same URL within 5 s as one open (Deep Blue ignores it).
            linkURL = { URL(string: "https://demo.dev.thedbl.ink/spring?open=\($0)")! }
            resolvePath = "/api/links/resolve"
            deliveredPath = "/products/1234"
            block = 20
        default:
            measure = quberouteMeasure
            configuration = try? .quberoute(
                publishableKey: "qr_live_demo_publishable_key_0001", baseURL: server.baseURL)
            linkURL = { URL(string: "\(server.baseURL.absoluteString)/qr/spring?open=\($0)")! }
            resolvePath = "/api/v1/sdk/resolve"
            deliveredPath = "/promo/spring"
            block = 22
        }
        guard let configuration else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "configuration refused")], notes: [])
        }
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let recorder = RequestRecorder(suffix: resolvePath)
        let sdk = OptoLink.start(
            configuration: configuration,
            environment: OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: ForwardedForTransport(
                    base: RecordingTransport(base: URLSessionTransport(), recorder: recorder),
                    address: BenchAddress.rotating(block: block)),
                clock: SystemClock()))
        defer { Task { await sdk.shutdown() } }
        let deliveries = DirectOpenBench.TimeCollector()
        let listener = Task {
            for await link in sdk.links where link.path == deliveredPath { deliveries.add(Stopwatch.now()) }
        }
        defer { listener.cancel() }
        var serial = 0
        func sdkOpen() async -> Double? {
            serial += 1
            return await DirectOpenBench.timedOpen(sdk, url: linkURL(serial), deliveries: deliveries)
        }
        guard await sdkOpen() != nil, let recorded = recorder.last else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: goal, reason: "the SDK did not deliver the link")], notes: [])
        }
        let bareAddresses = Counter()
        let expected = Data(deliveredPath.utf8)
        func bare() async -> Double? {
            await barePost(
                recorded, session: session,
                address: BenchAddress.address(block: block + 1, index: bareAddresses.next()),
                accept: { body in body.range(of: expected) != nil })
        }
        for _ in 0..<warmup {
            _ = await sdkOpen()
            _ = await bare()
        }
        let series = await measurePairs(pairs, a: sdkOpen, b: bare)
        let name = service.displayName
        let note =
            "\(measure): as row 2, \(pairs) interleaved pairs after \(warmup) warm-up pairs on the same "
            + "server, one keep-alive "
            + "connection each. A = `handle(url:)` of "
            + "`\(linkURL(0).absoluteString.replacingOccurrences(of: "open=0", with: "open=N"))` "
            + "on a later launch of a \(name) configuration until the link is on `links` (stamped by a "
            + "listener task); B = a bare "
            + "`URLSession` POST of the request the SDK sent (`\(resolvePath)`, the same headers and body: "
            + "`\(String(decoding: recorded.body ?? Data(), as: UTF8.self))`), timed from before it builds "
            + "its `URLRequest`. "
            + "Each side has its own `X-Forwarded-For` addresses. \(series.failures) failed requests; "
            + "`blocks` is the ratio over "
            + "\(series.blockRatios.count) blocks of \(max(10, pairs / 5)) pairs."
        return MeasureResult(
            rows: [row(measure, series, baseline: "bare URLSession POST")], notes: [note])
    }

    /// 2e: AppsFlyer has no direct open, so its deep-link call is measured as the SDK makes it: a first
    /// launch on a fresh install (`start` → `resolveDeferredLink()`), the signing hook signing in-process.
    static func appsFlyerFirstLaunch(server: BenchServer, session: URLSession, pairs: Int, warmup: Int) async
        -> MeasureResult
    {
        let measure = appsFlyerMeasure
        // The device's address (the body's `ip`, what the backend saw), one per block of pairs, each with
        // a click on the demo app's `spring` link waiting for it (so every answer is `found: true`).
        let deviceAddress = BenchLocked("127.30.0.1")
        let hook = AppsFlyerHook.signing { timestamp in
            let ip = deviceAddress.withLock { $0 }
            guard let signature = BenchAppsFlyerSigner.signature(timestamp: timestamp, ip: ip) else {
                throw BenchError("the DevKey was refused")
            }
            return AppsFlyerSignature(ip: ip, signature: signature)
        }
        guard
            let configuration = try? OptoLinkConfiguration.appsFlyer(
                appID: BenchAppsFlyerSigner.appID, hook: hook, baseURL: server.baseURL.appendingPathComponent("v1.0"))
        else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: BenchRow.noGoal, reason: "configuration refused")], notes: [])
        }
        let recorder = RequestRecorder(suffix: "/ios/\(BenchAppsFlyerSigner.appID)", keepNewest: true)
        // One transport for every launch, as one app process has one URLSession: the keep-alive
        // connection carries over from launch to launch, as B's does.
        let transport = ForwardedForTransport(
            base: RecordingTransport(base: URLSessionTransport(), recorder: recorder),
            address: BenchAddress.rotating(block: 24))
        func click(block: Int) async {
            let address = "127.30.\(block & 255).1"
            deviceAddress.withLock { $0 = address }
            _ = try? await server.post(
                "/dev/appsflyer/click",
                json:
                    #"{"appId":"\#(BenchAppsFlyerSigner.appID)","link":"spring","platform":"iOS","#
                    + #""osVersion":"17.4.1","deviceModel":"iPhone","language":"en-US"}"#,
                forwardedFor: address)
        }
        // Where A's time goes, from each launch's own diagnostics (kept for the first listener, read after
        // the timer stopped, so reading them costs A nothing): start → the attempt's requestStarted, the
        // transport's time, and the answer → resolveDeferredLink returning.
        var before: [Double] = []
        var onWire: [Double] = []
        var after: [Double] = []
        func sdkFirstLaunch() async -> Double? {
            let store = InMemoryKeyValueStore()
            let environment = OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: transport, clock: SystemClock())
            let start = SystemClock().now()
            let sdk = OptoLink.start(configuration: configuration, environment: environment)
            let link = await sdk.resolveDeferredLink()
            let end = SystemClock().now()
            let diagnostics = sdk.diagnostics
            await sdk.shutdown()
            var requestStarted: Double?
            var transportTime: Double?
            for await diagnostic in diagnostics {
                switch diagnostic.kind {
                case .requestStarted(_, .match, 1): requestStarted = diagnostic.time
                case .responseReceived(_, .match, 1, _, let duration): transportTime = duration
                default: break
                }
            }
            if let requestStarted, let transportTime {
                before.append(requestStarted - start)
                onWire.append(transportTime)
                after.append(end - requestStarted - transportTime)
            }
            return link?.params["fruit_name"] == .string("apples") ? end - start : nil
        }
        await click(block: 0)
        guard await sdkFirstLaunch() != nil, recorder.last != nil else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: BenchRow.noGoal, reason: "the SDK's first launch found no click")],
                notes: [])
        }
        let bareAddresses = Counter()
        let found = Data(#""found":true"#.utf8)
        func bare() async -> Double? {
            // The signed request the SDK sent last (its timestamp, the current device address), repeated.
            guard let recorded = recorder.last else { return nil }
            return await barePost(
                recorded, session: session,
                address: BenchAddress.address(block: 25, index: bareAddresses.next()),
                accept: { body in body.range(of: found) != nil })
        }
        for _ in 0..<warmup {
            _ = await sdkFirstLaunch()
            _ = await bare()
        }
        let series = await measurePairs(
            pairs, beforeBlock: { block in await click(block: block + 1) }, a: sdkFirstLaunch, b: bare)
        let split =
            "Split of A (medians, from each launch's own diagnostics, read after its timer stopped): start → the "
            + "request's first attempt \(Format.duration(Stats(before).median)), the transport's time "
            + "\(Format.duration(Stats(onWire).median)), the answer → `resolveDeferredLink()` returning "
            + "\(Format.duration(Stats(after).median))."
        let note =
            "\(measure): AppsFlyer's S2S API resolves no URL, so there is no direct open to time; this row times its "
            + "deep-link call as the SDK makes it, reported without a goal (the issue owner's decision: a whole first "
            + "launch against one bare POST cannot meet a direct-open goal; row 2f compares what the services share). "
            + "A = a whole first launch on a fresh in-memory install: `OptoLink.start` "
            + "until `resolveDeferredLink()` returns the click (the start, the first-launch sequence, the "
            + "`.signing` hook "
            + "— the app's backend, played in-process with `OptoLinkS2S`'s HMAC — and the POST); the "
            + "instance is shut down "
            + "after the timer stops. B = a bare `URLSession` POST of the signed request the SDK had just sent "
            + "(`/v1.0/ios/\(BenchAppsFlyerSigner.appID)?af_sig=…`, same body; the emulation accepts a "
            + "replayed signature), "
            + "so B does not sign. Every answer is `found: true` (a click on `spring` from the body's `ip`, "
            + "a new address "
            + "per block). \(pairs) interleaved pairs after \(warmup) warm-up pairs, one keep-alive connection each "
            + "(the SDK's instances share one transport, as one app process has one). \(series.failures) "
            + "failed requests. "
            + split
        return MeasureResult(
            rows: [row(measure, series, baseline: "bare URLSession POST, signed", hasGoal: false)], notes: [note])
    }
}
