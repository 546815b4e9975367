import OptoLink

/// A recorded change of the dashboard's data: the data cases of ``DashboardAction`` under names of their
/// own, so the file keeps its meaning when the action enum changes (``SessionFormat/version`` moves when a
/// case here changes). View actions (focus, scrolling, overlays, filters, themes, the terminal's size) are
/// not recorded: a reopened session is looked at with the viewer's own.
///
/// Each case is a JSON object with one key, the case's name (`{"log":{"level":"info","text":"…"}}`);
/// unlabelled values are `_0`, `_1` (Swift's `Codable` for enums). Secrets are masked when an action becomes
/// an entry (``init(_:)``): the attach token and what the app said it was.
package enum SessionAction: Sendable, Hashable, Codable {
    /// The clock moved on to the entry's ``SessionEntry/time``.
    case tick
    /// An SDK diagnostic at clock time `time`.
    case diagnostic(DiagnosticEvent, time: Double)
    /// One HTTP attempt of the simulated device, keys masked.
    case exchange(HTTPExchange)
    /// One click of the simulated browser, every hop.
    case browserVisit(BrowserVisit)
    /// The server's match attempts with their breakdowns (newest first).
    case matchAttempts([MatchAttempt])
    /// The simulated device's profile.
    case deviceProfile(DeviceProfile)
    /// What a reopened HAR's requests say about their device (made when a HAR opens, not recorded by a run).
    case fileDevice(FileDevice)
    /// Both sides of the fingerprint (recorded when an edit or `w` changed them).
    case fingerprint(app: FingerprintValues, browser: FingerprintValues)
    /// Header facts: target, org, SDK version.
    case target(url: String, orgKey: String, sdkVersion: String)
    /// The service's raw value (`optolink`…); one this version does not know is skipped on replay.
    case service(String)
    /// The short links by role raw value.
    case links([String: String])
    /// The scenario names the picker offered.
    case scenarios([String])
    /// What each scenario expected, why some were skipped, what each expected compared.
    case scenarioExpectations(expectations: [String: String], skips: [String: String], compare: [String: String])
    /// A scenario began with this plan.
    case scenarioStarted(name: String, steps: [String])
    /// The running scenario reached a step.
    case scenarioStep(String)
    /// A step's checks held.
    case scenarioStepPassed(String)
    /// A step failed.
    case scenarioStepFailed(String, detail: String)
    /// A scenario ended.
    case scenarioFinished(name: String, passed: Bool, detail: String)
    /// A scenario could not run.
    case scenarioSkipped(name: String, reason: String)
    /// The backend answered a reachability check (or not).
    case serverReachable(Bool)
    /// Which dev routes the backend has, as probed.
    case capabilities(String)
    /// Attach mode: apps attaching, their diagnostics, commands and the device list.
    case attach(AttachAction)
    /// A compare run's progress.
    case compare(CompareUpdate)
    /// A lab run began, finished (its result), failed or was stopped, or one install was explained (its
    /// progress ticks are not recorded).
    case lab(LabUpdate)
    /// A log line not coming from the SDK.
    case log(level: DashboardLogLevel, text: String)
    /// The history was cleared (`x`).
    case clearHistory

    /// The entry for a dashboard action, secrets masked; nil for view actions, which are not recorded.
    package init?(_ action: DashboardAction) {
        switch action {
        case .tick: self = .tick
        case .diagnostic(let event, let time): self = .diagnostic(event, time: time)
        case .exchangeRecorded(let exchange): self = .exchange(exchange)
        case .browserVisited(let visit): self = .browserVisit(visit)
        case .matchAttemptsLoaded(let attempts): self = .matchAttempts(attempts)
        case .deviceProfileChanged(let profile): self = .deviceProfile(profile)
        case .fileDeviceRead(let device): self = .fileDevice(device)
        case .targetChanged(let url, let orgKey, let sdkVersion):
            self = .target(url: url, orgKey: orgKey, sdkVersion: sdkVersion)
        case .providerChanged(let service): self = .service(service.rawValue)
        case .linksChanged(let links):
            self = .links(Dictionary(uniqueKeysWithValues: links.map { ($0.key.rawValue, $0.value) }))
        case .scenariosAvailable(let names): self = .scenarios(names)
        case .scenarioExpectations(let expectations, let skips, let compare):
            self = .scenarioExpectations(expectations: expectations, skips: skips, compare: compare)
        case .scenarioStarted(let name, let steps): self = .scenarioStarted(name: name, steps: steps)
        case .scenarioStepStarted(let step): self = .scenarioStep(step)
        case .scenarioStepPassed(let step): self = .scenarioStepPassed(step)
        case .scenarioStepFailed(let step, let detail): self = .scenarioStepFailed(step, detail: detail)
        case .scenarioFinished(let name, let passed, let detail):
            self = .scenarioFinished(name: name, passed: passed, detail: detail)
        case .scenarioSkipped(let name, let reason): self = .scenarioSkipped(name: name, reason: reason)
        case .serverReachable(let reachable): self = .serverReachable(reachable)
        case .capabilitiesProbed(let line): self = .capabilities(line)
        case .attach(let action): self = .attach(Self.masked(action))
        case .compare(let update): self = .compare(update)
        case .lab(.progress): return nil
        case .lab(let update): self = .lab(update)
        case .log(let level, let text): self = .log(level: level, text: text)
        case .clearHistory: self = .clearHistory
        case .focusNext, .focusPrevious, .focus, .moveSelection, .switchFingerprintSide, .scrollLog, .zoomTimeline,
            .scrollTimeline, .fitTimeline, .toggleBreakdown, .openOverlay, .closeOverlay, .inputCharacter,
            .inputBackspace, .commitTextInput, .setFilter, .adjustFaultCount, .setFingerprintField, .toggleNetwork,
            .cycleTheme, .setTheme, .themesAvailable, .scrollInspector, .inspectorJump, .resize, .mouse,
            .sessionStatus, .labService, .toggleLabTerms:
            return nil
        }
    }

    /// The dashboard actions that replay this entry at clock time `time` (empty for a service this version
    /// does not know).
    package func actions(at time: Double) -> [DashboardAction] {
        switch self {
        case .tick: return [.tick(now: time)]
        case .diagnostic(let event, let time): return [.diagnostic(event, time: time)]
        case .exchange(let exchange): return [.exchangeRecorded(exchange)]
        case .browserVisit(let visit): return [.browserVisited(visit)]
        case .matchAttempts(let attempts): return [.matchAttemptsLoaded(attempts)]
        case .deviceProfile(let profile): return [.deviceProfileChanged(profile)]
        case .fileDevice(let device): return [.fileDeviceRead(device)]
        case .fingerprint(let app, let browser):
            return FingerprintField.allCases.flatMap { field in
                [
                    DashboardAction.setFingerprintField(.app, field, app[field]),
                    .setFingerprintField(.browser, field, browser[field]),
                ]
            }
        case .target(let url, let orgKey, let sdkVersion):
            return [.targetChanged(url: url, orgKey: orgKey, sdkVersion: sdkVersion)]
        case .service(let raw): return OptoLinkService(rawValue: raw).map { [.providerChanged($0)] } ?? []
        case .links(let links):
            return [
                .linksChanged(
                    Dictionary(
                        uniqueKeysWithValues: links.compactMap { key, value in
                            LinkRole(rawValue: key).map { ($0, value) }
                        }))
            ]
        case .scenarios(let names): return [.scenariosAvailable(names)]
        case .scenarioExpectations(let expectations, let skips, let compare):
            return [.scenarioExpectations(expectations, skips: skips, compare: compare)]
        case .scenarioStarted(let name, let steps): return [.scenarioStarted(name: name, steps: steps)]
        case .scenarioStep(let step): return [.scenarioStepStarted(step)]
        case .scenarioStepPassed(let step): return [.scenarioStepPassed(step)]
        case .scenarioStepFailed(let step, let detail): return [.scenarioStepFailed(step, detail: detail)]
        case .scenarioFinished(let name, let passed, let detail):
            return [.scenarioFinished(name: name, passed: passed, detail: detail)]
        case .scenarioSkipped(let name, let reason): return [.scenarioSkipped(name: name, reason: reason)]
        case .serverReachable(let reachable): return [.serverReachable(reachable)]
        case .capabilities(let line): return [.capabilitiesProbed(line)]
        case .attach(let action): return [.attach(action)]
        case .compare(let update): return [.compare(update)]
        case .lab(let update): return [.lab(update)]
        case .log(let level, let text): return [.log(level, text)]
        case .clearHistory: return [.clearHistory]
        }
    }

    /// Whether replay steps (`[` `]`) stop after this entry: every entry but the clock's.
    package var isStep: Bool { self != .tick }

    /// `action` with the pairing token and what the app sent of it masked.
    static func masked(_ action: AttachAction) -> AttachAction {
        switch action {
        case .listening(let address, let token): return .listening(address: address, token: SecretMask.key(token))
        case .deviceAttached(let key, var hello, let peer, let returning):
            hello.token = SecretMask.key(hello.token)
            return .deviceAttached(key: key, hello: hello, peer: peer, returning: returning)
        default: return action
        }
    }
}
