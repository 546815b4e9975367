import DashboardCore
import DashboardLab
import DashboardScenarios
import DashboardSessions
import Foundation

/// `optolink-dash lab --record`'s session: the run folded as the dashboard folds it, its Lab view started as the
/// dashboard's `L` starts one.
struct LabRecording {
    /// The run folded into a state, which writes to the session too.
    let run: HeadlessRecording
    /// The session file.
    let file: HeadlessSessionFile

    /// Opens `--record`'s session; nil without `--record`.
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created.
    init?(_ options: LabOptions, model: LabModel) throws(DashboardError) {
        guard let path = options.recordPath else { return nil }
        let now: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        run = HeadlessRecording(now: now)
        let service = options.services.first ?? .optoLink
        file = try HeadlessSessionFile(
            url: URL(fileURLWithPath: path), settings: SessionSettings(mode: "lab", service: service.rawValue),
            state: run.state, now: now)
        run.record(to: file)
        apply(.lab(.started(lab: model.name, services: options.services, installs: model.installs)))
    }

    /// Folds `action` into the run and records it.
    func apply(_ action: DashboardAction) { run.apply(action) }
}
