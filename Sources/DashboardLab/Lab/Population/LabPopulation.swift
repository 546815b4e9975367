import DashboardCore
import Foundation
import OptoLink
import OptoLinkLabEngine
import OptoLinkTesting

/// A lab's simulated devices with the ground truth: who clicked (and when, from which address, with which
/// browser), who installed (and when, from which address, with what on the pasteboard), in time order.
///
/// Made by ``generate(_:installs:)`` from a model and its seed; every engine runs the same events (``events``)
/// with the same inputs (``click(of:)``, ``launch(of:)``), so two engines can be compared install for install.
/// A device's id is its index; a clicking device's click id is the same number.
package struct LabPopulation: Sendable {
    /// One click or first open, in time order.
    package struct Event: Sendable, Hashable {
        /// Seconds since the lab's start.
        package var time: Double
        /// `device × 2`, plus 1 for a first open: the sort key after the time (a device's click before its
        /// own first open at the same second).
        var code: Int

        /// The device.
        package var device: Int { code >> 1 }
        /// True for a first open, false for a click.
        package var isLaunch: Bool { code & 1 == 1 }
    }

    /// A click as the wire sees it: the browser's address and headers and what the page gathers.
    package struct Click: Sendable, Hashable {
        /// The device (and click id).
        package var device: Int
        /// Seconds since the lab's start.
        package var time: Double
        /// The address the click page sees (`X-Forwarded-For`).
        package var address: String
        /// The browser's headers and what a page's script gathers.
        package var browser: DirectMatcher.Browser
    }

    /// A first open as the wire sees it: the device's address, what its SDK reads and sends.
    package struct Launch: Sendable, Hashable {
        /// The device.
        package var device: Int
        /// Seconds since the lab's start.
        package var time: Double
        /// The address the backend sees.
        package var address: String
        /// The click whose token the SDK reads from the pasteboard (nil when none was written, the user
        /// denied the paste, or the SDK does not read).
        package var clipboardClick: Int?
        /// The device's fields and its HTTP client's headers.
        package var app: DirectMatcher.App
    }

    /// The model the population was drawn from.
    package let model: LabModel
    /// Every device, by id.
    let devices: [LabDevice]
    /// The values the devices' trait indices point into.
    let traits: LabTraits
    /// Every click and first open, sorted by time (then device, a click before its first open).
    package let events: [Event]
    /// How many devices installed (clicked or organic).
    package let installCount: Int
    /// How many devices clicked (installed or not).
    package let clickCount: Int

    /// The population of `devices`, whose trait indices point into `model`'s lists: the events sorted by time.
    init(model: LabModel, devices: [LabDevice]) {
        self.model = model
        self.devices = devices
        traits = LabTraits(model)
        var events = [Event]()
        events.reserveCapacity(devices.count * 2)
        for (index, d) in devices.enumerated() {
            if d.role != .organic { events.append(Event(time: d.clickTime, code: index << 1)) }
            if d.role != .abandoned { events.append(Event(time: d.launchTime, code: index << 1 | 1)) }
        }
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.code < $1.code }
        self.events = events
        installCount = devices.reduce(0) { $0 + ($1.role == .abandoned ? 0 : 1) }
        clickCount = devices.reduce(0) { $0 + ($1.role == .organic ? 0 : 1) }
    }

    /// How many devices there are (installs and clicks that never installed).
    package var deviceCount: Int { devices.count }

    /// What `device` does.
    package func role(of device: Int) -> LabRole { devices[device].role }

    /// The device's click, nil for an organic install.
    package func click(of device: Int) -> Click? {
        let d = devices[device]
        guard d.role != .organic else { return nil }
        return Click(device: device, time: d.clickTime, address: clickAddress(of: device), browser: browser(of: device))
    }

    /// The device's first open, nil for a click that never installed.
    package func launch(of device: Int) -> Launch? {
        let d = devices[device]
        guard d.role != .abandoned else { return nil }
        return Launch(
            device: device, time: d.launchTime, address: launchAddress(of: device),
            clipboardClick: clipboardClick(of: device), app: app(of: device))
    }

    /// The click the install came from: its own for a clicked install, nil for an organic one.
    package func groundTruth(of device: Int) -> Int? { devices[device].role == .clicked ? device : nil }

    /// Seconds from click to first open, nil without both.
    package func delay(of device: Int) -> TimeInterval? {
        let d = devices[device]
        return d.role == .clicked ? d.launchTime - d.clickTime : nil
    }

    /// The network group the report puts the install in.
    package func networkLabel(of device: Int) -> LabNetworkLabel {
        let d = devices[device]
        if d.role != .organic, d.has(.relay) { return .relay }
        if d.has(.ipv6) { return .ipv6 }
        if d.role == .clicked, d.clickNetwork != d.launchNetwork,
            d.clickNetwork == .cellular || d.launchNetwork == .cellular
        {
            return .switched
        }
        switch d.launchNetwork {
        case .home: return .home
        case .office: return .office
        case .cellular: return .cellular
        }
    }

    /// The click's network kind (nil for an organic install) and the first open's (nil for a click alone).
    package func networks(of device: Int) -> (click: LabNetwork?, launch: LabNetwork?) {
        let d = devices[device]
        return (d.role == .organic ? nil : d.clickNetwork, d.role == .abandoned ? nil : d.launchNetwork)
    }

    /// What the pasteboard held for the install's SDK, for the CSV: `token`, `denied`, `not-written`,
    /// `not-read` (the SDK did not look) or `none` (organic).
    package func clipboardState(of device: Int) -> String {
        let d = devices[device]
        guard d.role == .clicked else { return "none" }
        guard d.has(.clipboardWritten) else { return "not-written" }
        guard d.has(.clipboardRead) else { return "not-read" }
        return d.has(.clipboardAllowed) ? "token" : "denied"
    }

    /// The iOS version at the click, the one Safari's User-Agent reported, and the one at the first open.
    package func versions(of device: Int) -> (click: String, safari: String, launch: String) {
        let d = devices[device]
        return (
            traits.versions[Int(d.version)], traits.reportedVersions[Int(d.version)],
            traits.versions[Int(d.launchVersion)]
        )
    }

    /// Whether Private Relay and IPv6 applied to the device.
    package func flags(of device: Int) -> (relay: Bool, ipv6: Bool) {
        (devices[device].has(.relay), devices[device].has(.ipv6))
    }

    // MARK: Inputs

    /// The simulated Safari of the device's click: the traits its User-Agent and Accept-Language are built
    /// from (the OS version Safari reports), and the click's address.
    func safari(of device: Int) -> FingerprintValues {
        let d = devices[device]
        return FingerprintValues(
            platform: "iOS", osVersion: versions(of: device).safari,
            deviceModel: traits.models[Int(d.model)], language: traits.languages[Int(d.language)],
            timezone: traits.timezones[Int(d.timezone)], networkAddress: clickAddress(of: device))
    }

    /// Safari's headers, and what Deep Blue's click page gathers, for the device's click.
    func browser(of device: Int) -> DirectMatcher.Browser {
        let d = devices[device]
        let screen = traits.screens[Int(d.model)]
        let values = safari(of: device)
        return DirectMatcher.Browser(
            userAgent: SafariUserAgent.string(for: values),
            acceptLanguage: Self.acceptLanguage(traits.languages[Int(d.language)]),
            timezone: traits.timezones[Int(d.timezone)], screenWidth: screen.width, screenHeight: screen.height,
            language: traits.languages[Int(d.language)])
    }

    /// What the app's first launch knows and sends.
    func app(of device: Int) -> DirectMatcher.App {
        let d = devices[device]
        let screen = traits.screens[Int(d.model)]
        let language = traits.languages[Int(d.appLanguage)]
        return DirectMatcher.App(
            osVersion: traits.versions[Int(d.launchVersion)], deviceModel: traits.models[Int(d.model)],
            language: language, timezone: traits.timezones[Int(d.appTimezone)], screenWidth: screen.width,
            screenHeight: screen.height, userAgent: ForwardedForTransport.appUserAgent,
            acceptLanguage: Self.acceptLanguage(language))
    }

    /// The device's click's traits as one number: equal numbers, equal ``browser(of:)``.
    func browserKey(of device: Int) -> Int {
        let d = devices[device]
        return ((Int(d.model) * traits.versions.count + Int(d.version)) * traits.languages.count + Int(d.language))
            * traits.timezones.count + Int(d.timezone)
    }

    /// The device's first open's traits as one number: equal numbers, equal ``app(of:)``.
    func appKey(of device: Int) -> Int {
        let d = devices[device]
        return
            ((Int(d.model) * traits.versions.count + Int(d.launchVersion)) * traits.languages.count
            + Int(d.appLanguage)) * traits.timezones.count + Int(d.appTimezone)
    }

    /// The click id on the pasteboard when the SDK reads it and the user allows it.
    func clipboardClick(of device: Int) -> Int? {
        let d = devices[device]
        return d.role == .clicked && d.has(.clipboardWritten) && d.has(.clipboardRead) && d.has(.clipboardAllowed)
            ? device : nil
    }

    /// `en-US,en;q=0.9`: a language and its base, as Safari and URLSession send them.
    private static func acceptLanguage(_ language: String) -> String {
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return base == language ? language : "\(language),\(base);q=0.9"
    }

    // MARK: Addresses

    /// The address the click page sees.
    func clickAddress(of device: Int) -> String {
        let d = devices[device]
        if d.has(.relay) { return LabAddress.relay(d.relayGroup) }
        return address(d, device: device, network: d.clickNetwork, pool: d.pool, time: d.clickTime)
    }

    /// The address the first open comes from.
    func launchAddress(of device: Int) -> String {
        let d = devices[device]
        return address(d, device: device, network: d.launchNetwork, pool: d.launchPool, time: d.launchTime)
    }

    private func address(_ d: LabDevice, device: Int, network: LabNetwork, pool: UInt32, time: Double) -> String {
        if d.has(.ipv6) {
            let epoch = Int((time / model.ipv6Rotation + Double(d.ipv6Phase)).rounded(.down))
            return LabAddress.ipv6(network: network, device: device, epoch: epoch)
        }
        switch network {
        case .home: return LabAddress.home(d.home)
        case .office: return LabAddress.office(d.office)
        case .cellular: return LabAddress.carrier(pool)
        }
    }
}
