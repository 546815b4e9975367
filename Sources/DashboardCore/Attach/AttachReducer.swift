import OptoLink
import OptoLinkInspectorWire

/// Folds ``AttachAction``s into ``DashboardState``. Every diagnostic goes through the same
/// ``DashboardReducer`` as the simulated device's, into the panes of its device: the shown device's
/// panes are the state's own; another device's are swapped in for the update and out again.
enum AttachReducer {
    static func reduce(_ state: inout DashboardState, _ action: AttachAction) {
        switch action {
        case .listening(let address, let token):
            if state.attach == nil { state.attach = AttachState(listenAddress: address, token: token) }
            state.attach?.listenAddress = address
            state.attach?.token = token
            log(
                &state, .info,
                "listening for apps on \(address), pairing token \(token): run your app with OptoLinkInspector.attach "
                    + "or optolink-example-app --attach \(address) --token \(token) (docs/attach.md)")
        case .deviceAttached(let key, let hello, let peer, let returning):
            attach(&state, key: key, hello: hello, peer: peer, returning: returning)
        case .diagnostic(let key, let event, let time):
            inPanes(of: key, &state) { state in
                DashboardReducer.reduce(&state, .diagnostic(event, time: time))
                switch event {
                case .matchResult, .linkDelivered: state.profile.isFirstLaunch = false
                default: break
                }
            }
        case .dropped(let key, let count):
            if let index = state.attach?.index(of: key) { state.attach?.devices[index].dropped += count }
            inPanes(of: key, &state) {
                log(
                    &$0, .warning,
                    "the app's inspector dropped \(count) diagnostic\(count == 1 ? "" : "s") while the "
                        + "dashboard could not take them"
                )
            }
        case .commandSent(let key, let id, let name):
            inPanes(of: key, &state) { log(&$0, .info, "→ command #\(id) \(name) sent to the app") }
        case .commandResult(let key, let result):
            inPanes(of: key, &state) {
                log(
                    &$0, result.ok ? .info : .error,
                    "← command #\(result.id): \(AttachRegistry.cut(result.detail, AttachRegistry.maxMessageCharacters))"
                )
            }
        case .deviceGone(let key, let reason):
            guard let index = state.attach?.index(of: key) else { return }
            state.attach?.devices[index].isLive = false
            state.attach?.devices[index].goneReason = AttachRegistry.cut(reason, AttachRegistry.maxFieldCharacters)
            let summary = state.attach?.devices[index].shortID ?? "?"
            inPanes(of: key, &state) {
                log(&$0, .warning, "app \(summary) gone: \(reason) (it stays listed until cleared: D, then x)")
            }
        case .matchAttemptsLoaded(let key, let attempts):
            inPanes(of: key, &state) { DashboardReducer.reduce(&$0, .matchAttemptsLoaded(attempts)) }
        case .show(let key):
            show(&state, key: key)
        case .clearGone:
            clearGone(&state)
        case .evicted(let key):
            remove(&state, keys: [key])
        case .connectionRefused(let peer, let refusal):
            log(
                &state, .error,
                "refused a connection from \(peer) (\(refusal.reason)): "
                    + "\(AttachRegistry.cut(refusal.message, AttachRegistry.maxFieldCharacters))"
            )
        }
    }

    // MARK: Devices

    private static func attach(
        _ state: inout DashboardState, key: Int, hello: InspectorHello, peer: String, returning: Bool
    ) {
        guard var attach = state.attach else { return }
        if let index = attach.index(of: key) {
            attach.devices[index].hello = hello
            attach.devices[index].peer = peer
            attach.devices[index].isLive = true
            attach.devices[index].goneReason = nil
            state.attach = attach
        } else {
            // The first app takes the panes the dashboard has (its log holds the "listening" hint).
            let adopt = attach.shownKey == nil
            attach.devices.append(
                AttachedDevice(key: key, hello: hello, peer: peer, panes: adopt ? nil : DevicePanes()))
            if adopt { attach.shownKey = key }
            if attach.devices.count > AttachState.maxDevices,
                let gone = attach.devices.first(where: { !$0.isLive && $0.key != attach.shownKey })
            {
                attach.devices.removeAll { $0.key == gone.key }
            }
            state.attach = attach
        }
        let device = state.attach?.devices.first { $0.key == key }
        // A new app while the shown one is gone: show the new one.
        if let shown = state.attach?.shown, !shown.isLive, shown.key != key { show(&state, key: key) }
        inPanes(of: key, &state) { panes in
            let previous = panes.profile
            panes.profile = DeviceProfile(
                deviceId: hello.deviceId, installNumber: 0, isFirstLaunch: hello.launchState == .firstLaunchPending,
                firstSeenAt: previous.deviceId == hello.deviceId ? previous.firstSeenAt : nil,
                lastSeenAt: previous.deviceId == hello.deviceId ? previous.lastSeenAt : nil,
                identity: previous.deviceId == hello.deviceId ? previous.identity : nil,
                clipboard: clipboardText(hello.pasteboard), clipboardReadingEnabled: hello.clipboardReading != .never,
                queuedEvents: hello.queuedEvents)
            let fingerprint = hello.fingerprint
            panes.fingerprint.app = FingerprintValues(
                platform: fingerprint.platform, osVersion: fingerprint.osVersion,
                deviceModel: fingerprint.deviceModel, language: fingerprint.language,
                timezone: fingerprint.timezone, networkAddress: hostPart(of: peer))
            log(
                &panes, .info,
                "app \(returning ? "back" : "attached"): \(device?.summary ?? hello.deviceId); commands "
                    + (hello.allowsCommands ? "allowed" : "not allowed (the app attached without allowsCommands)"))
        }
        if let shown = state.attach?.shownKey, shown != key {
            log(
                &state, .info,
                "another app \(returning ? "is back" : "attached"): \(device?.shortID ?? "?") (D switches)")
        }
    }

    private static func show(_ state: inout DashboardState, key: Int) {
        guard var attach = state.attach, let target = attach.index(of: key), attach.shownKey != key else { return }
        if let current = attach.shownKey, let index = attach.index(of: current) {
            var panes = DevicePanes()
            panes.swap(with: &state)  // the state now holds empty panes, `panes` the shown device's
            attach.devices[index].panes = panes
        }
        var incoming = attach.devices[target].panes ?? DevicePanes()
        incoming.swap(with: &state)
        attach.devices[target].panes = nil
        attach.shownKey = key
        state.attach = attach
    }

    private static func clearGone(_ state: inout DashboardState) {
        let gone = Set(state.attach?.devices.filter { !$0.isLive }.map(\.key) ?? [])
        guard !gone.isEmpty else { return log(&state, .info, "no gone apps to clear") }
        remove(&state, keys: gone)
        log(&state, .info, "cleared \(gone.count) gone app\(gone.count == 1 ? "" : "s")")
    }

    private static func remove(_ state: inout DashboardState, keys: Set<Int>) {
        guard var attach = state.attach else { return }
        if let shown = attach.shownKey, keys.contains(shown) {
            // The shown device goes: show the first remaining one, or empty panes.
            let log = state.log
            var empty = DevicePanes()
            empty.swap(with: &state)
            state.log = log
            attach.shownKey = nil
            attach.devices.removeAll { keys.contains($0.key) }
            state.attach = attach
            if let next = attach.devices.first {
                var incoming = next.panes ?? DevicePanes()
                incoming.swap(with: &state)
                state.attach?.devices[0].panes = nil
                state.attach?.shownKey = next.key
            }
            return
        }
        attach.devices.removeAll { keys.contains($0.key) }
        state.attach = attach
    }

    // MARK: Helpers

    /// Runs `body` on the state with device `key`'s panes in place (nothing for an unknown key).
    private static func inPanes(of key: Int, _ state: inout DashboardState, _ body: (inout DashboardState) -> Void) {
        guard let attach = state.attach, let index = attach.index(of: key) else { return }
        if attach.shownKey == key { return body(&state) }
        var panes = attach.devices[index].panes ?? DevicePanes()
        panes.swap(with: &state)
        body(&state)
        panes.swap(with: &state)
        state.attach?.devices[index].panes = panes
    }

    private static func log(_ state: inout DashboardState, _ level: DashboardLogLevel, _ text: String) {
        DashboardReducer.reduce(&state, .log(level, text))
    }

    private static func clipboardText(_ pasteboard: InspectorPasteboardState) -> String? {
        switch pasteboard {
        case .token: "(holds a click token)"
        case .otherText: "(holds other text)"
        case .empty: nil
        case .unknown: "(not read: unknown)"
        }
    }

    /// `192.168.1.5` from `192.168.1.5:53122` (and `::1` from `[::1]:53122`).
    static func hostPart(of peer: String) -> String {
        if peer.hasPrefix("["), let close = peer.firstIndex(of: "]") {
            return String(peer[peer.index(after: peer.startIndex)..<close])
        }
        if let colon = peer.lastIndex(of: ":"), peer.firstIndex(of: ":") == colon { return String(peer[..<colon]) }
        return peer
    }
}
