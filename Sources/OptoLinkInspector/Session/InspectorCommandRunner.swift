import Foundation
import OptoLink
import OptoLinkInspectorWire

/// Runs the dashboard's commands on the app's SDK, only when the app allowed them, and logs each one
/// with its outcome (so every command is also a diagnostic, seen by the app's logger and the dashboard).
struct InspectorCommandRunner: Sendable {
    /// The event tracked by `trackEvent` when the command names none.
    static let defaultEventName = "optolink_inspector_test"

    let optoLink: OptoLink
    let allowsCommands: Bool
    let log: @Sendable (LogLevel, String) -> Void

    /// Runs `command` and returns its result (never throws; a refusal is a result with `ok: false`).
    func run(_ command: InspectorCommand) async -> InspectorCommandResult {
        let (ok, detail) = await outcome(command)
        // `.warning`: the SDK logs only what an app team should know, and a dashboard driving the app is that.
        log(
            ok ? .warning : .error,
            "OptoLink inspector: command \(command.name) from the dashboard: \(ok ? "" : "not run: ")\(detail)")
        return InspectorCommandResult(id: command.id, ok: ok, detail: detail)
    }

    private func outcome(_ command: InspectorCommand) async -> (Bool, String) {
        guard allowsCommands else {
            return (
                false,
                "refused: the app attached without allowsCommands, so the dashboard cannot run \(command.name) "
                    + "(attach with allowsCommands: true to allow it)"
            )
        }
        let args = command.args
        switch command.name {
        case .openLink:
            let url: URL
            if let text = args["url"]?.stringValue {
                guard let parsed = URL(string: text) else {
                    return (false, "openLink: '\(InspectorText.cut(text, to: 200))' is not a URL")
                }
                url = parsed
            } else if let code = args["shortCode"]?.stringValue, !code.isEmpty, !code.contains("/") {
                // The app's own link: <baseURL>[/<orgKey>]/<shortCode> (appendingPathComponent percent-encodes).
                let base = optoLink.configuration.baseURL
                url = (optoLink.configuration.credentials.orgKey.map(base.appendingPathComponent) ?? base)
                    .appendingPathComponent(code)
            } else {
                return (false, "openLink needs a string url or shortCode")
            }
            guard optoLink.canHandle(url: url) else {
                return (false, "openLink: \(url.absoluteString) is not one of this app's links")
            }
            guard let link = await optoLink.handle(url: url) else {
                return (false, "openLink: \(url.absoluteString) did not resolve (see the log)")
            }
            return (true, "opened \(url.absoluteString) → \(link.path) (\(link.matchType.rawValue))")
        case .rerunFirstLaunch:
            switch await optoLink.rerunFirstLaunch() {
            case .refused(let reason):
                return (false, "rerunFirstLaunch: \(reason)")
            case .finished(let link?):
                return (
                    true,
                    "first launch re-run → \(link.path) "
                        + "(\(link.matchType.rawValue)\(link.isDeferred ? ", deferred" : ""))"
                )
            case .finished(nil):
                return (true, "first launch re-run: no link (no match, or the match failed: see the log)")
            }
        case .trackEvent:
            let name = args["name"]?.stringValue ?? Self.defaultEventName
            let properties = args["properties"]?.objectValue ?? ["source": "optolink-dash"]
            let queued = await optoLink.trackEvent(name, properties: properties)
            return queued
                ? (true, "queued event \(name) (\(await optoLink.queuedEventCount()) queued)")
                : (false, "trackEvent: event \(name) was refused (see the log)")
        case .flushEvents:
            await optoLink.flushEvents()
            return (true, "flushed the event queue (\(await optoLink.queuedEventCount()) still queued)")
        case .setIdentity:
            guard let id = args["externalId"]?.stringValue else {
                return (false, "setIdentity needs a string externalId")
            }
            return await optoLink.setIdentity(id)
                ? (true, "identity bound to \(id)") : (false, "setIdentity(\(id)) failed (see the log)")
        case .clearIdentity:
            return await optoLink.clearIdentity()
                ? (true, "identity cleared") : (false, "clearIdentity failed (see the log)")
        default:
            let known = InspectorCommandName.all.map(\.rawValue).joined(separator: ", ")
            return (
                false, "unknown command \(InspectorText.cut(command.name.rawValue, to: 64)) (this SDK runs \(known))"
            )
        }
    }
}
