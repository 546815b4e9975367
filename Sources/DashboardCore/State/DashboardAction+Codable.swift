import Foundation
import OptoLink

/// The data actions as a session file stores them: one JSON object keyed by the entry's name, its values by
/// label (`_0` for an unlabelled one), the layout Swift's `Codable` gives an enum, so the files written before
/// the actions were recorded directly still open (`SessionFixtureTests` opens one).
/// View actions (focus, scrolling, overlays, filters, themes, the terminal's size) are not recorded: a reopened
/// session is looked at with the viewer's own (``isRecorded``). A tool's update is stored under its
/// ``RecordedPanelUpdate/recordName`` and read back by the types in the decoder's
/// ``recordedUpdatesKey`` user info.
extension DashboardAction: Codable {
    /// The decoder user-info key holding `[any RecordedPanelUpdate.Type]`: the tools whose updates a session
    /// file may hold.
    package static let recordedUpdatesKey = CodingUserInfoKey(rawValue: "optolink.recordedUpdates")!

    /// What a reader skips: an entry this version cannot replay (a service it does not know).
    package struct UnknownRecord: Error, Sendable {
        /// The entry's name.
        package var name: String
    }

    /// Whether a session records the action: the data the screen shows, not how it is looked at.
    package var isRecorded: Bool {
        switch self {
        case .tick, .diagnostic, .exchangeRecorded, .browserVisited, .matchAttemptsLoaded, .deviceProfileChanged,
            .fileDeviceRead, .fingerprintChanged, .targetChanged, .providerChanged, .linksChanged, .scenariosAvailable,
            .scenarioExpectations, .scenarioStarted, .scenarioStepStarted, .scenarioStepPassed, .scenarioStepFailed,
            .scenarioStepUnchecked, .scenarioFinished, .scenarioSkipped, .serverReachable, .capabilitiesProbed, .attach,
            .log, .clearHistory:
            true
        case .panel: recordedUpdate != nil
        default: false
        }
    }

    /// The tool's update a session records; nil for any other action, and for an update it does not record.
    private var recordedUpdate: (any RecordedPanelUpdate)? {
        guard case .panel(let box) = self, let update = box.update as? any RecordedPanelUpdate, update.isRecorded
        else { return nil }
        return update
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the action as a session entry; a view action throws (``isRecorded``).
    package func encode(to encoder: any Encoder) throws {
        guard isRecorded else {
            throw EncodingError.invalidValue(
                self, .init(codingPath: encoder.codingPath, debugDescription: "a view action is not recorded"))
        }
        var outer = encoder.container(keyedBy: Key.self)
        func record(_ name: String, _ fill: (inout KeyedEncodingContainer<Key>) throws -> Void = { _ in }) throws {
            var fields = outer.nestedContainer(keyedBy: Key.self, forKey: Key(name))
            try fill(&fields)
        }
        func value(_ name: String, _ value: some Encodable) throws {
            try record(name) { try $0.encode(value, forKey: Key("_0")) }
        }
        switch self {
        case .tick: try record("tick")
        case .diagnostic(let event, let time):
            try record("diagnostic") {
                try $0.encode(event, forKey: Key("_0"))
                try $0.encode(time, forKey: Key("time"))
            }
        case .exchangeRecorded(let exchange): try value("exchange", exchange)
        case .browserVisited(let visit): try value("browserVisit", visit)
        case .matchAttemptsLoaded(let attempts): try value("matchAttempts", attempts)
        case .deviceProfileChanged(let profile): try value("deviceProfile", profile)
        case .fileDeviceRead(let device): try value("fileDevice", device)
        case .fingerprintChanged(let app, let browser):
            try record("fingerprint") {
                try $0.encode(app, forKey: Key("app"))
                try $0.encode(browser, forKey: Key("browser"))
            }
        case .targetChanged(let url, let orgKey, let sdkVersion):
            try record("target") {
                try $0.encode(url, forKey: Key("url"))
                try $0.encode(orgKey, forKey: Key("orgKey"))
                try $0.encode(sdkVersion, forKey: Key("sdkVersion"))
            }
        case .providerChanged(let service): try value("service", service.rawValue)
        case .linksChanged(let links):
            try value("links", Dictionary(uniqueKeysWithValues: links.map { ($0.key.rawValue, $0.value) }))
        case .scenariosAvailable(let names): try value("scenarios", names)
        case .scenarioExpectations(let expectations, let skips, let compare):
            try record("scenarioExpectations") {
                try $0.encode(expectations, forKey: Key("expectations"))
                try $0.encode(skips, forKey: Key("skips"))
                try $0.encode(compare, forKey: Key("compare"))
            }
        case .scenarioStarted(let name, let steps):
            try record("scenarioStarted") {
                try $0.encode(name, forKey: Key("name"))
                try $0.encode(steps, forKey: Key("steps"))
            }
        case .scenarioStepStarted(let step): try value("scenarioStep", step)
        case .scenarioStepPassed(let step): try value("scenarioStepPassed", step)
        case .scenarioStepFailed(let step, let detail):
            try record("scenarioStepFailed") {
                try $0.encode(step, forKey: Key("_0"))
                try $0.encode(detail, forKey: Key("detail"))
            }
        case .scenarioStepUnchecked(let step, let reason):
            try record("scenarioStepUnchecked") {
                try $0.encode(step, forKey: Key("_0"))
                try $0.encode(reason, forKey: Key("reason"))
            }
        case .scenarioFinished(let name, let passed, let detail):
            try record("scenarioFinished") {
                try $0.encode(name, forKey: Key("name"))
                try $0.encode(passed, forKey: Key("passed"))
                try $0.encode(detail, forKey: Key("detail"))
            }
        case .scenarioSkipped(let name, let reason):
            try record("scenarioSkipped") {
                try $0.encode(name, forKey: Key("name"))
                try $0.encode(reason, forKey: Key("reason"))
            }
        case .serverReachable(let reachable): try value("serverReachable", reachable)
        case .capabilitiesProbed(let line): try value("capabilities", line)
        case .attach(let action): try value("attach", action.masked)
        case .log(let level, let text):
            try record("log") {
                try $0.encode(level, forKey: Key("level"))
                try $0.encode(text, forKey: Key("text"))
            }
        case .clearHistory: try record("clearHistory")
        case .panel:
            if let update = recordedUpdate { try value(type(of: update).recordName, update) }
        default:
            break  // a view action: refused above
        }
    }

    /// Reads a session entry back; a service this version does not know throws ``UnknownRecord``.
    package init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Key.self)
        guard let name = outer.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no entry"))
        }
        let fields = try outer.nestedContainer(keyedBy: Key.self, forKey: name)
        func field<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T {
            try fields.decode(type, forKey: Key(key))
        }
        switch name.stringValue {
        case "tick": self = .tick(now: 0)  // the entry holding it gives its time (SessionEntry)
        case "diagnostic": self = .diagnostic(try field("_0"), time: try field("time"))
        case "exchange": self = .exchangeRecorded(try field("_0"))
        case "browserVisit": self = .browserVisited(try field("_0"))
        case "matchAttempts": self = .matchAttemptsLoaded(try field("_0"))
        case "deviceProfile": self = .deviceProfileChanged(try field("_0"))
        case "fileDevice": self = .fileDeviceRead(try field("_0"))
        case "fingerprint": self = .fingerprintChanged(app: try field("app"), browser: try field("browser"))
        case "target":
            self = .targetChanged(
                url: try field("url"), orgKey: try field("orgKey"), sdkVersion: try field("sdkVersion"))
        case "service":
            guard let service = OptoLinkService(rawValue: try field("_0")) else { throw UnknownRecord(name: "service") }
            self = .providerChanged(service)
        case "links":
            let links: [String: String] = try field("_0")
            self = .linksChanged(
                Dictionary(
                    uniqueKeysWithValues: links.compactMap { key, value in LinkRole(rawValue: key).map { ($0, value) } }
                ))
        case "scenarios": self = .scenariosAvailable(try field("_0"))
        case "scenarioExpectations":
            self = .scenarioExpectations(
                try field("expectations"), skips: try field("skips"), compare: try field("compare"))
        case "scenarioStarted": self = .scenarioStarted(name: try field("name"), steps: try field("steps"))
        case "scenarioStep": self = .scenarioStepStarted(try field("_0"))
        case "scenarioStepPassed": self = .scenarioStepPassed(try field("_0"))
        case "scenarioStepFailed": self = .scenarioStepFailed(try field("_0"), detail: try field("detail"))
        case "scenarioStepUnchecked": self = .scenarioStepUnchecked(try field("_0"), reason: try field("reason"))
        case "scenarioFinished":
            self = .scenarioFinished(name: try field("name"), passed: try field("passed"), detail: try field("detail"))
        case "scenarioSkipped": self = .scenarioSkipped(name: try field("name"), reason: try field("reason"))
        case "serverReachable": self = .serverReachable(try field("_0"))
        case "capabilities": self = .capabilitiesProbed(try field("_0"))
        case "attach": self = .attach(try field("_0"))
        case "log": self = .log(try field("level"), try field("text"))
        case "clearHistory": self = .clearHistory
        case let other:
            let tools = decoder.userInfo[Self.recordedUpdatesKey] as? [any RecordedPanelUpdate.Type] ?? []
            guard let tool = tools.first(where: { $0.recordName == other }) else {
                throw DecodingError.dataCorruptedError(forKey: name, in: outer, debugDescription: "no entry \(other)")
            }
            self = .panel(PanelUpdate(try fields.decode(tool, forKey: Key("_0"))))
        }
    }
}
