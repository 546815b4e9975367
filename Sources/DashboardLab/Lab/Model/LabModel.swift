import Foundation
import OptoLink
import OptoLinkLabEngine

/// What a match lab simulates: the population of installs, the delay from click to first open, the networks,
/// the devices, the clipboard, and the backend's numbers. Read from a lab file (``LabFileParser``, one key per
/// value, ``LabKey/all``); every default is the one `labs/default.lab` spells out, and `docs/lab.md` says
/// where each number comes from or that it is an assumption to set.
///
/// ```swift
/// var model = LabModel()
/// try LabFileParser.apply(["installs=1000", "network.ipv6=0%"], to: &model)
/// let population = LabPopulation.generate(model)
/// ```
package struct LabModel: Sendable, Hashable {
    /// The lab's name (its file name without `.lab`). Default `default`.
    package var name = "default"

    // MARK: Installs

    /// The random generator's seed: the same seed and model give the same population, install for install.
    /// Default 1.
    package var seed: UInt64 = 1
    /// How many installs (first opens of the app). Default 5 000: the whole report, sweep included, in seconds.
    package var installs = 5_000
    /// The share of installs that clicked nothing (they measure false attribution). Default 20 % (assumption).
    package var organicShare = 0.20
    /// Clicks that never become an install, per clicked install (they sit on the same addresses as
    /// candidates). Default 1.0 (assumption).
    package var abandonedPerClick = 1.0
    /// How long the clicks (and the organic installs' first opens) are spread over. Default 7 days
    /// (assumption); with ``cgnatDevices`` and the others it sets how many clicks share an address at once.
    package var period: TimeInterval = 7 * 86_400

    // MARK: Click → first open

    /// The median delay from click to first open of a log-normal distribution. Default 37 min (iOS,
    /// linkrunner.io 2026).
    package var delayMedian: TimeInterval = 37 * 60
    /// Its 90th percentile. Default 18 days (iOS, linkrunner.io 2026).
    package var delayP90: TimeInterval = 18 * 86_400
    /// The longest delay drawn (longer draws are drawn again). Default 30 days (linkrunner.io's cap).
    package var delayMax: TimeInterval = 30 * 86_400

    // MARK: Networks

    /// The share of clicks made on cellular (the rest on Wi-Fi). Default 40 % (assumption).
    package var cellularShare = 0.40
    /// The share of Wi-Fi clicks and opens made on an office or campus network. Default 20 % (assumption).
    package var officeShare = 0.20
    /// The share of clicked installs whose first open is on the other kind of network (Wi-Fi ↔ cellular).
    /// Default 15 % (assumption).
    package var switchShare = 0.15
    /// How many of the population's devices share one home address. Default 1–3 (assumption).
    package var homeDevices: ClosedRange<Int> = 1...3
    /// How many share one office or campus address. Default 40 (assumption).
    package var officeDevices = 40
    /// How many share one carrier-grade NAT address over ``period``. Default 200 (Cloudflare 2025: "hundreds or
    /// even thousands" of users per address; how many of them click this app's links is an assumption).
    package var cgnatDevices = 200
    /// The share of cellular installs whose carrier address changed between click and first open. Default
    /// 10 % (assumption).
    package var cgnatAddressChange = 0.10
    /// The share of devices on IPv6, each with its own address. Default 45 % (Google's users, 42–47 %, 2024).
    package var ipv6Share = 0.45
    /// How long an IPv6 temporary address is used before the next. Default 1 day (RFC 8981's default preferred
    /// lifetime; iOS's own is an assumption).
    package var ipv6Rotation: TimeInterval = 86_400
    /// The share of devices with iCloud Private Relay on: Safari's click comes from a relay address, the app's
    /// first open from the device's own. Default 5 % (assumption; Wikimedia projected 3–5 % in 2021).
    package var relayShare = 0.05
    /// How many relay users share one relay address. Default 50 (assumption).
    package var relayDevices = 50

    // MARK: Devices

    /// iPhone models (`utsname.machine`) and their shares. Default: Start.io's US generation shares (2025-09),
    /// split within each generation by assumption.
    package var models: [LabShare] = [
        LabShare("iPhone14,5", 0.092), LabShare("iPhone14,2", 0.040), LabShare("iPhone14,3", 0.038),
        LabShare("iPhone14,7", 0.079), LabShare("iPhone15,2", 0.055), LabShare("iPhone15,3", 0.055),
        LabShare("iPhone15,4", 0.066), LabShare("iPhone16,1", 0.055), LabShare("iPhone16,2", 0.055),
        LabShare("iPhone17,3", 0.063), LabShare("iPhone17,1", 0.060), LabShare("iPhone17,2", 0.060),
        LabShare("iPhone13,2", 0.141), LabShare("iPhone12,1", 0.141),
    ]
    /// iOS versions (`UIDevice.systemVersion`) and their shares. Default: iOS 26 on 66 % (Apple, February
    /// 2026); the point releases and the older versions by assumption.
    package var iosVersions: [LabShare] = [
        LabShare("26.2", 0.28), LabShare("26.1", 0.20), LabShare("26.0.1", 0.18), LabShare("18.7.2", 0.14),
        LabShare("18.6.2", 0.10), LabShare("17.7.2", 0.06), LabShare("16.7.12", 0.04),
    ]
    /// The OS version Safari's User-Agent reports instead of the real one (real → reported). Default: Safari 26
    /// reports 18.6 (26.0) and 18.7 (26.2, 26.3) (WebKit, September 2025; Pixel Envy, January 2026); 26.1 by
    /// assumption.
    package var safariReportedOS: [String: String] = ["26.0.1": "18.6", "26.1": "18.6", "26.2": "18.7"]
    /// The share of clicked installs whose iOS got a point update between click and first open. Default 2 %
    /// (assumption).
    package var osUpdateShare = 0.02
    /// Languages (Safari's first Accept-Language tag) and their shares. Default: assumption.
    package var languages: [LabShare] = [
        LabShare("en-US", 0.62), LabShare("es-US", 0.08), LabShare("en-GB", 0.06), LabShare("de-DE", 0.05),
        LabShare("fr-FR", 0.05), LabShare("ja-JP", 0.05), LabShare("pt-BR", 0.05), LabShare("zh-CN", 0.04),
    ]
    /// Time zones and their shares. Default: assumption.
    package var timezones: [LabShare] = [
        LabShare("America/New_York", 0.32), LabShare("America/Chicago", 0.18),
        LabShare("America/Los_Angeles", 0.18), LabShare("America/Denver", 0.06), LabShare("Europe/London", 0.08),
        LabShare("Europe/Berlin", 0.08), LabShare("Asia/Tokyo", 0.06), LabShare("America/Sao_Paulo", 0.04),
    ]
    /// The share of devices whose app reports another language than Safari's. Default 5 % (assumption).
    package var languageMismatch = 0.05
    /// The share whose app reports another time zone than the click page saw. Default 1 % (assumption).
    package var timezoneMismatch = 0.01

    // MARK: Clipboard

    /// The share of clicks whose page put its token on the pasteboard. Default 80 % (assumption).
    package var clipboardWritten = 0.80
    /// The share of users who tap "Allow Paste". Default 50 % (assumption: no public figure found).
    package var clipboardAllowed = 0.50
    /// The SDK's `clipboardReading`. Default `.atFirstLaunch` (the SDK's default).
    package var clipboardReading: ClipboardReading = .atFirstLaunch
    /// With `.whenAppAsks`: the share of first launches where the app asks in time. Default 70 % (assumption).
    package var clipboardAppAsks = 0.70

    // MARK: Backend

    /// The backend's threshold, guard, window and points. Default: seed 000's.
    package var policy = DirectMatcher.Policy.seed

    // MARK: Sweep and target

    /// The thresholds the sweep runs. Default 45–95 in steps of 5.
    package var sweepThresholds = Array(stride(from: 45, through: 95, by: 5))
    /// The guard size of the sweep's second line; nil for no guard. Default none (what the guard buys).
    package var sweepGuard: Int? = nil
    /// The most installs the sweep's population has (a population of its own, same seed, when ``installs`` is
    /// larger). Default 20 000.
    package var sweepInstalls = 20_000
    /// The largest share of matches that may be wrong (wrong click or false match); nil for no target.
    /// Default none.
    package var maxWrong: Double? = nil

    /// The defaults (`labs/default.lab`).
    package init() {}
}
