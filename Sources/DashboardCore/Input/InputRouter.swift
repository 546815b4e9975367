/// Turns a key into actions and commands, given the state (overlays take the keys first).
///
/// Outside overlays every key goes through the ``Keymap``. In overlays: the text input takes printable
/// characters, Backspace and Enter; the fault menu takes ↑/↓ (j/k), +/−, digits and Enter; the scenario
/// picker ↑/↓ and Enter; the compare C (another scenario) and Enter (close); the Lab view ↑/↓ (j/k, PgUp/PgDn) through
/// the installs, ←/→ (h/l, Tab) from service to service, Enter (explain the install), L (run again) and Esc (which
/// also stops a run); the request inspector ↑/↓ (j/k) and PgUp/PgDn (Space) to scroll, ←/→ (h/l, Tab) from
/// attempt to attempt, g/G to the top and bottom, Enter to close; the device list ↑/↓, Enter (show) and x (clear the
/// gone ones); the help overlay closes on any key. Esc (and Ctrl-C, which quits) work everywhere:
/// Esc closes an overlay (the `/` prompt also clears its filter) and, without one, clears the filter of the
/// pane `/` filters.
package struct InputRouter: Sendable {
    /// The keymap used outside overlays.
    package var keymap: Keymap

    /// Creates a router over a keymap.
    package init(keymap: Keymap = .standard) { self.keymap = keymap }

    /// Routes one key.
    /// - Parameters:
    ///   - key: the key pressed.
    ///   - state: the current state (focus, overlay).
    /// - Returns: the actions to reduce and the commands to execute.
    package func route(_ key: Key, in state: DashboardState) -> InputOutcome {
        if key == .ctrlC { return InputOutcome(commands: [.quit]) }
        if case .mouse(let event) = key { return InputOutcome(actions: [.mouse(event)]) }
        if key == .escape, case .textInput(.filter(let pane), _) = state.overlay {
            return InputOutcome(actions: [.closeOverlay, .setFilter(pane, "")])
        }
        if let panel = state.panels[overlay: state.overlay], let outcome = panel.route(key, in: state) {
            return outcome
        }
        if key == .escape, state.overlay != .none { return InputOutcome(actions: [.closeOverlay]) }
        switch state.overlay {
        case .none:
            guard let command = keymap.command(for: key) else { return .ignored }
            if command == .runLab { return Self.runLab(in: state) }
            if let action = command.action(in: state) { return InputOutcome(actions: [action]) }
            return isUIOnly(command) ? .ignored : InputOutcome(commands: [command])
        case .help:
            if keymap.command(for: key) == .quit { return InputOutcome(commands: [.quit]) }
            return InputOutcome(actions: [.closeOverlay])
        case .textInput(let purpose, let text):
            switch key {
            case .enter:
                if case .identity = purpose {
                    let id = text.trimmingSpaces
                    return id.isEmpty
                        ? InputOutcome(actions: [.closeOverlay])
                        : InputOutcome(actions: [.closeOverlay], commands: [.setIdentity(id)])
                }
                return InputOutcome(actions: [.commitTextInput])
            case .backspace: return InputOutcome(actions: [.inputBackspace])
            case .character(let c): return InputOutcome(actions: [.inputCharacter(c)])
            default: return .ignored
            }
        case .faultMenu(let selected, let count):
            switch key {
            case .up, .character("k"): return InputOutcome(actions: [.moveSelection(-1)])
            case .down, .character("j"): return InputOutcome(actions: [.moveSelection(1)])
            case .character("+"), .right: return InputOutcome(actions: [.adjustFaultCount(1)])
            case .character("-"), .left: return InputOutcome(actions: [.adjustFaultCount(-1)])
            case .character(let c) where c.isWholeNumber:
                let digit = c.wholeNumberValue ?? 1
                return InputOutcome(actions: [.adjustFaultCount(max(1, digit) - count)])
            case .enter:
                return InputOutcome(
                    actions: [.closeOverlay], commands: [.injectFault(FaultRequest(kind: selected, count: count))])
            case .character("q"): return InputOutcome(commands: [.quit])
            default: return .ignored
            }
        case .inspector:
            switch key {
            case .up, .character("k"): return InputOutcome(actions: [.scrollInspector(-1)])
            case .down, .character("j"): return InputOutcome(actions: [.scrollInspector(1)])
            case .pageUp: return InputOutcome(actions: [.scrollInspector(-10)])
            case .pageDown, .character(" "): return InputOutcome(actions: [.scrollInspector(10)])
            case .left, .character("h"): return InputOutcome(actions: [.inspectorJump(-1)])
            case .right, .character("l"), .tab: return InputOutcome(actions: [.inspectorJump(1)])
            case .character("g"): return InputOutcome(actions: [.scrollInspector(-1_000_000)])
            case .character("G"): return InputOutcome(actions: [.scrollInspector(1_000_000)])
            case .enter: return InputOutcome(actions: [.closeOverlay])
            case .character("q"): return InputOutcome(commands: [.quit])
            default: return .ignored
            }
        case .deviceList(let selected):
            switch key {
            case .up, .character("k"): return InputOutcome(actions: [.moveSelection(-1)])
            case .down, .character("j"): return InputOutcome(actions: [.moveSelection(1)])
            case .enter:
                guard let devices = state.attach?.devices, devices.indices.contains(selected) else {
                    return InputOutcome(actions: [.closeOverlay])
                }
                return InputOutcome(actions: [.closeOverlay, .attach(.show(key: devices[selected].key))])
            case .character("x"): return InputOutcome(actions: [.attach(.clearGone), .moveSelection(0)])
            case .character("q"): return InputOutcome(commands: [.quit])
            default: return .ignored
            }
        case .compare, .lab:
            switch key {
            case .character("q"): return InputOutcome(commands: [.quit])
            default: return .ignored
            }
        case .scenarioPicker(let selected, let compare):
            switch key {
            case .up, .character("k"): return InputOutcome(actions: [.moveSelection(-1)])
            case .down, .character("j"): return InputOutcome(actions: [.moveSelection(1)])
            case .enter:
                guard state.scenarioNames.indices.contains(selected) else {
                    return InputOutcome(actions: [.closeOverlay])
                }
                let name = state.scenarioNames[selected]
                return InputOutcome(
                    actions: [.closeOverlay], commands: [compare ? .runCompare(name) : .runScenario(name)])
            case .character("q"): return InputOutcome(commands: [.quit])
            default: return .ignored
            }
        }
    }

    /// `L`: the Lab view, and a new run unless one is going.
    package static func runLab(in state: DashboardState) -> InputOutcome {
        let running = state.panels[overlay: .lab]?.isRunning == true
        return InputOutcome(actions: [.openOverlay(.lab)], commands: running ? [] : [.runLab])
    }

    /// UI commands that had no effect in this state (e.g. ← outside the fingerprint pane).
    private func isUIOnly(_ command: DashboardCommand) -> Bool {
        switch command {
        case .moveLeft, .moveRight, .activate, .closeOverlay: true
        default: false
        }
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation).
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
