import Foundation
import OptoLink
import OptoLinkLabEngine
import OptoLinkToolSupport

/// One key of a lab file: its name, what it sets, where its default comes from, and how its value is read and
/// written. ``all`` is the one table the parser, `--set`, the shipped `labs/default.lab` and `docs/lab.md`
/// follow (tests check the last two against it).
package struct LabKey: Sendable {
    /// The key as written (`delay.median`).
    package let name: String
    /// What it sets, one line.
    package let summary: String
    /// Where the default comes from, or `assumption`.
    package let source: String
    /// The model's value, written as a lab file writes it.
    package let read: @Sendable (LabModel) -> String
    /// Sets the model's value from text.
    package let write: @Sendable (inout LabModel, String) throws(LabValue.Problem) -> Void

    /// The key named `name`, nil for none.
    package static func named(_ name: String) -> LabKey? { all.first { $0.name == name } }

    /// The key closest to a misspelt `name` (at most two edits away), for "did you mean".
    package static func closest(to name: String) -> String? {
        // Past two characters longer than the longest key, no key is within the distance of 2: skip the
        // quadratic distance (a 1 MiB key would take minutes).
        guard name.count <= longestName + 2 else { return nil }
        let best = all.map { ($0.name, editDistance($0.name, name)) }.min { $0.1 < $1.1 }
        return best.flatMap { $0.1 <= 2 ? $0.0 : nil }
    }

    /// The length of the longest key's name.
    package static let longestName = all.map(\.name.count).max() ?? 0

    /// Every key, in the order `labs/default.lab` lists them.
    package static let all: [LabKey] = [
        // Installs
        LabKey(
            "seed", "the random generator's seed: the same seed gives the same population", "",
            { "\($0.seed)" },
            { (m, t) throws(LabValue.Problem) in m.seed = UInt64(try LabValue.count(t, in: 0...Int.max)) }),
        LabKey(
            "installs", "how many installs (first opens of the app)", "assumption: a report in seconds",
            { "\($0.installs)" },
            { (m, t) throws(LabValue.Problem) in m.installs = try LabValue.count(t, in: 1...10_000_000) }),
        LabKey(
            "installs.organic", "the share of installs that clicked nothing", "assumption",
            { LabValue.percent($0.organicShare) },
            { (m, t) throws(LabValue.Problem) in m.organicShare = try LabValue.share(t) }),
        LabKey(
            "clicks.abandoned", "clicks that never become an install, per clicked install (100% = one each)",
            "assumption",
            { LabValue.percent($0.abandonedPerClick) },
            { (m, t) throws(LabValue.Problem) in m.abandonedPerClick = try share(t, upTo: 1_000) }),
        LabKey(
            "period", "how long the clicks and the organic first opens are spread over", "assumption",
            { LabValue.duration(seconds: $0.period) },
            { (m, t) throws(LabValue.Problem) in m.period = try LabValue.duration(t) }),
        // Click → first open
        LabKey(
            "delay.median", "the median delay from click to first open (log-normal)",
            "linkrunner.io 2026: iOS median 37 min",
            { LabValue.duration(seconds: $0.delayMedian) },
            { (m, t) throws(LabValue.Problem) in m.delayMedian = try LabValue.duration(t) }),
        LabKey(
            "delay.p90", "its 90th percentile", "linkrunner.io 2026: iOS 90th percentile about 18 days",
            { LabValue.duration(seconds: $0.delayP90) },
            { (m, t) throws(LabValue.Problem) in m.delayP90 = try LabValue.duration(t) }),
        LabKey(
            "delay.max", "the longest delay drawn (longer draws are drawn again)",
            "linkrunner.io 2026: pairs capped at 30 days",
            { LabValue.duration(seconds: $0.delayMax) },
            { (m, t) throws(LabValue.Problem) in m.delayMax = try LabValue.duration(t) }),
        // Networks
        LabKey(
            "network.cellular", "the share of clicks made on cellular (the rest on Wi-Fi)", "assumption",
            { LabValue.percent($0.cellularShare) },
            { (m, t) throws(LabValue.Problem) in m.cellularShare = try LabValue.share(t) }),
        LabKey(
            "network.office", "the share of Wi-Fi clicks and opens made on an office or campus network",
            "assumption",
            { LabValue.percent($0.officeShare) },
            { (m, t) throws(LabValue.Problem) in m.officeShare = try LabValue.share(t) }),
        LabKey(
            "network.switch", "the share of clicked installs whose first open is on the other kind (Wi-Fi ↔ cellular)",
            "assumption",
            { LabValue.percent($0.switchShare) },
            { (m, t) throws(LabValue.Problem) in m.switchShare = try LabValue.share(t) }),
        LabKey(
            "home.devices", "how many of the population's devices share one home address", "assumption",
            { "\($0.homeDevices.lowerBound)-\($0.homeDevices.upperBound)" },
            { (m, t) throws(LabValue.Problem) in m.homeDevices = try LabValue.range(t, in: 1...1_000) }),
        LabKey(
            "office.devices", "how many share one office or campus address", "assumption",
            { "\($0.officeDevices)" },
            { (m, t) throws(LabValue.Problem) in m.officeDevices = try LabValue.count(t, in: 1...100_000) }),
        LabKey(
            "cgnat.devices", "how many share one carrier-grade NAT address over the period",
            "Cloudflare 2025: hundreds or thousands of users per address; how many click this app's links: assumption",
            { "\($0.cgnatDevices)" },
            { (m, t) throws(LabValue.Problem) in m.cgnatDevices = try LabValue.count(t, in: 1...1_000_000) }),
        LabKey(
            "cgnat.addressChange", "the share of cellular installs whose carrier address changed before the first open",
            "assumption",
            { LabValue.percent($0.cgnatAddressChange) },
            { (m, t) throws(LabValue.Problem) in m.cgnatAddressChange = try LabValue.share(t) }),
        LabKey(
            "network.ipv6", "the share of devices on IPv6 (an address of their own)",
            "Wikipedia, IPv6 deployment 2024: 42–47% of Google's users",
            { LabValue.percent($0.ipv6Share) },
            { (m, t) throws(LabValue.Problem) in m.ipv6Share = try LabValue.share(t) }),
        LabKey(
            "ipv6.rotation", "how long an IPv6 temporary address is used before the next",
            "RFC 8981: preferred lifetime 1 day by default; iOS's own: assumption",
            { LabValue.duration(seconds: $0.ipv6Rotation) },
            { (m, t) throws(LabValue.Problem) in m.ipv6Rotation = try LabValue.duration(t) }),
        LabKey(
            "relay", "the share of devices with iCloud Private Relay (Safari's address is the relay's)",
            "assumption (Wikimedia projected 3–5% of its editors, 2021)",
            { LabValue.percent($0.relayShare) },
            { (m, t) throws(LabValue.Problem) in m.relayShare = try LabValue.share(t) }),
        LabKey(
            "relay.devices", "how many relay users share one relay address", "assumption",
            { "\($0.relayDevices)" },
            { (m, t) throws(LabValue.Problem) in m.relayDevices = try LabValue.count(t, in: 1...1_000_000) }),
        // Devices
        LabKey(
            "device.models", "iPhone models (utsname.machine) and their shares",
            "Start.io 2025-09: US shares by generation; the split within a generation: assumption",
            { LabValue.shares($0.models) }, { (m, t) throws(LabValue.Problem) in m.models = try LabValue.shares(t) }),
        LabKey(
            "device.ios", "iOS versions (UIDevice.systemVersion) and their shares",
            "Apple, February 2026: iOS 26 on 66% of iPhones; point releases and older versions: assumption",
            { LabValue.shares($0.iosVersions) },
            { (m, t) throws(LabValue.Problem) in m.iosVersions = try LabValue.shares(t) }),
        LabKey(
            "browser.reportedOS", "the OS version Safari's User-Agent reports instead (real=reported, or none)",
            "WebKit, September 2025: Safari 26 reports 18_6; Pixel Envy, January 2026: 18_7 on 26.2 and "
                + "26.3; 26.1: assumption",
            { LabValue.mapping($0.safariReportedOS) },
            { (m, t) throws(LabValue.Problem) in m.safariReportedOS = try LabValue.mapping(t) }),
        LabKey(
            "device.osUpdate", "the share of clicked installs whose iOS got a point update before the first open",
            "assumption",
            { LabValue.percent($0.osUpdateShare) },
            { (m, t) throws(LabValue.Problem) in m.osUpdateShare = try LabValue.share(t) }),
        LabKey(
            "locale.languages", "languages (Safari's first Accept-Language tag) and their shares", "assumption",
            { LabValue.shares($0.languages) },
            { (m, t) throws(LabValue.Problem) in m.languages = try LabValue.shares(t) }),
        LabKey(
            "locale.timezones", "IANA time zones and their shares", "assumption",
            { LabValue.shares($0.timezones) },
            { (m, t) throws(LabValue.Problem) in m.timezones = try LabValue.shares(t) }),
        LabKey(
            "locale.languageMismatch", "the share of devices whose app reports another language than Safari",
            "assumption (no public figure found)",
            { LabValue.percent($0.languageMismatch) },
            { (m, t) throws(LabValue.Problem) in m.languageMismatch = try LabValue.share(t) }),
        LabKey(
            "locale.timezoneMismatch", "the share whose app reports another time zone than the click page saw",
            "assumption (no public figure found)",
            { LabValue.percent($0.timezoneMismatch) },
            { (m, t) throws(LabValue.Problem) in m.timezoneMismatch = try LabValue.share(t) }),
        // Clipboard
        LabKey(
            "clipboard.written", "the share of clicks whose page put its token on the pasteboard", "assumption",
            { LabValue.percent($0.clipboardWritten) },
            { (m, t) throws(LabValue.Problem) in m.clipboardWritten = try LabValue.share(t) }),
        LabKey(
            "clipboard.allowed", "the share of users who tap Allow Paste", "assumption (no public figure found)",
            { LabValue.percent($0.clipboardAllowed) },
            { (m, t) throws(LabValue.Problem) in m.clipboardAllowed = try LabValue.share(t) }),
        LabKey(
            "clipboard.reading", "the SDK's clipboardReading: atFirstLaunch, whenAppAsks or never",
            "the SDK's default",
            { clipboardNames[$0.clipboardReading] ?? "atFirstLaunch" },
            { (m, t) throws(LabValue.Problem) in
                let name = try LabValue.choice(t, of: ["atFirstLaunch", "whenAppAsks", "never"])
                m.clipboardReading = clipboardNames.first { $0.value == name }!.key
            }),
        LabKey(
            "clipboard.appAsks", "with whenAppAsks: the share of first launches where the app asks in time",
            "assumption",
            { LabValue.percent($0.clipboardAppAsks) },
            { (m, t) throws(LabValue.Problem) in m.clipboardAppAsks = try LabValue.share(t) }),
        // Backend
        LabKey(
            "backend.threshold", "P2.5's score threshold", "seed 000",
            { "\($0.policy.threshold)" },
            { (m, t) throws(LabValue.Problem) in m.policy.threshold = try LabValue.count(t, in: 0...200) }),
        LabKey(
            "backend.guard", "the shared-network guard: more candidates than this at the threshold reject all (or off)",
            "seed 000",
            { $0.policy.guardSize.map(String.init) ?? "off" },
            { (m, t) throws(LabValue.Problem) in m.policy.guardSize = try LabValue.countOrOff(t, in: 0...1_000) }),
        LabKey(
            "backend.window", "how long a click can match", "seed 000: 24 hours unless the link says otherwise",
            { LabValue.duration(seconds: $0.policy.window) },
            { (m, t) throws(LabValue.Problem) in m.policy.window = try LabValue.duration(t) }),
        points("ip", \.ip), points("platform", \.platform), points("osVersion", \.osExact),
        points("osMajor", \.osMajor), points("language", \.language), points("timezone", \.timezone),
        points("deviceModel", \.deviceModel),
        LabKey(
            "backend.points.recency", "the bonus for a click under 5 min, 30 min, 60 min, 6 h, 12 h old", "seed 000",
            { $0.policy.recency.map(String.init).joined(separator: " ") },
            { (m, t) throws(LabValue.Problem) in
                let values = t.split(separator: " ").compactMap { Int($0) }
                guard values.count == 5, values.allSatisfy({ (0...100).contains($0) }) else {
                    throw LabValue.Problem("takes five points 0–100 such as '9 7 5 3 1', not \(QuotedText.quote(t))")
                }
                m.policy.recency = values
            }),
        LabKey(
            "backend.ipFallback",
            "whether P3 matches the newest click on the address when no score reaches the threshold",
            "seed 000 (on)",
            { $0.policy.ipFallback ? "on" : "off" },
            { (m, t) throws(LabValue.Problem) in
                m.policy.ipFallback = try LabValue.choice(t, of: ["on", "off"]) == "on"
            }),
        // Sweep and target
        LabKey(
            "sweep.thresholds", "the thresholds the sweep runs", "",
            { LabValue.thresholds($0.sweepThresholds) },
            { (m, t) throws(LabValue.Problem) in m.sweepThresholds = try LabValue.thresholds(t) }),
        LabKey(
            "sweep.guard", "the guard size of the sweep's second line (off: no guard)", "",
            { $0.sweepGuard.map(String.init) ?? "off" },
            { (m, t) throws(LabValue.Problem) in m.sweepGuard = try LabValue.countOrOff(t, in: 0...1_000) }),
        LabKey(
            "sweep.installs", "the most installs the sweep runs (its own population when the lab has more)", "",
            { "\($0.sweepInstalls)" },
            { (m, t) throws(LabValue.Problem) in m.sweepInstalls = try LabValue.count(t, in: 1...10_000_000) }),
        LabKey(
            "maxWrong", "the largest share of matches that may be wrong (wrong click or false match), or none", "",
            { $0.maxWrong.map(LabValue.percent) ?? "none" },
            { (m, t) throws(LabValue.Problem) in m.maxWrong = t == "none" ? nil : try LabValue.share(t) }),
    ]

    private init(
        _ name: String, _ summary: String, _ source: String, _ read: @escaping @Sendable (LabModel) -> String,
        _ write: @escaping @Sendable (inout LabModel, String) throws(LabValue.Problem) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.source = source
        self.read = read
        self.write = write
    }

    /// A `backend.points.*` key.
    private static func points(
        _ component: String, _ path: any WritableKeyPath<DirectMatcher.Policy, Int> & Sendable
    ) -> LabKey {
        LabKey(
            "backend.points.\(component)",
            "points for a matching \(component == "osMajor" ? "OS major version only" : component)", "seed 000",
            { "\($0.policy[keyPath: path])" },
            { (m, t) throws(LabValue.Problem) in m.policy[keyPath: path] = try LabValue.count(t, in: 0...100) })
    }

    /// The names `clipboard.reading` takes.
    private static let clipboardNames: [ClipboardReading: String] = [
        .atFirstLaunch: "atFirstLaunch", .whenAppAsks: "whenAppAsks", .never: "never",
    ]

    /// A share that may exceed 100 % (`clicks.abandoned`), up to `limit` percent.
    private static func share(_ text: String, upTo limit: Double) throws(LabValue.Problem) -> Double {
        guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0, percent <= limit,
            text.dropLast().allSatisfy({ $0.isNumber || $0 == "." })
        else {
            throw LabValue.Problem("takes a percentage 0%–\(Int(limit))% such as 100%, not \(QuotedText.quote(text))")
        }
        return percent / 100
    }

    /// Levenshtein distance.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
