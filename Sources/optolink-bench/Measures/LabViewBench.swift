import DashboardCore
import DashboardLab
import Foundation
import OptoLink

/// Measure 6g: the dashboard's Lab view at 120×40 while a lab run streams its progress: the default lab's
/// result on screen, a second run of a million installs going in the background (the lab's own tasks on the
/// cooperative pool, as in the dashboard), and each frame folding the run's newest progress and rendering.
enum LabViewBench {
    static let measure = "6g. Dashboard render 120×40, Lab view while a run streams"

    static func run(frames: Int) async -> MeasureResult {
        let size = ScreenSize(width: 120, height: 40)
        let services = OptoLinkService.allCases
        let shown: LabSession.Result
        do {
            shown = try await LabSession(model: LabModel(), services: services).run()
        } catch {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: DashboardBench.renderGoal, reason: "\(error)")], notes: [])
        }
        var state = DashboardState(size: size)
        let reduce = { (action: DashboardAction) in DashboardReducer.reduce(&state, action) }
        reduce(.resize(size))
        reduce(.lab(.started(lab: "default", services: services, installs: shown.report.installs)))
        reduce(.lab(.finished(LabViewResult(shown))))

        // The same frames with nothing beside them: what the view itself costs.
        var alone: [Double] = []
        alone.reserveCapacity(frames)
        var checksum = 0
        for _ in 0..<frames {
            let start = Stopwatch.now()
            let buffer = DashboardRenderer.render(state, size: size)
            alone.append(Stopwatch.now() - start)
            checksum &+= buffer.cells.count
        }
        let aloneStats = Stats(alone)

        // The run that streams: big enough to outlast the frames.
        var streaming = LabModel()
        streaming.installs = 1_000_000
        let latest = BenchLocked<LabProgress?>(nil)
        let run = Task {
            _ = try? await LabSession(model: streaming, services: services).run { progress in
                latest.withLock { $0 = progress }
            }
        }
        reduce(.lab(.started(lab: "default", services: services, installs: streaming.installs)))
        let waitStart = Stopwatch.now()
        while latest.withLock({ $0 }) == nil && Stopwatch.now() - waitStart < 120 {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        var durations: [Double] = []
        durations.reserveCapacity(frames)
        var firstDone = 0
        for frame in 0..<frames {
            let start = Stopwatch.now()
            if let progress = latest.withLock({ $0 }) {
                if frame == 0 { firstDone = progress.done }
                reduce(.lab(.progress(progress)))
            }
            let buffer = DashboardRenderer.render(state, size: size)
            durations.append(Stopwatch.now() - start)
            checksum &+= buffer.cells.count
        }
        let last = latest.withLock { $0 }
        run.cancel()
        _ = await run.value
        let stats = Stats(durations)
        let streamed = (last?.done ?? 0) - firstDone
        return MeasureResult(
            rows: [
                BenchRow(
                    measure: measure,
                    ours: "median \(Format.duration(stats.median)), p99 \(Format.duration(stats.p99))",
                    baseline: "—", ratio: Format.ratio(stats.median / 0.001) + " of goal",
                    goal: DashboardBench.renderGoal, verdict: stats.median < 0.001 ? .met : .missed)
            ],
            notes: [
                "Lab view 120×40: the default lab's result on screen (\(Format.grouped(shown.report.installs)) "
                    + "installs "
                    + "through the four services, the sweep, "
                    + "\(LabViewResult(shown).services.map(\.installs.count).reduce(0, +)) "
                    + "installs listed); \(frames) frames, each folding the newest progress of a second run of "
                    + "\(Format.grouped(streaming.installs)) installs going beside it (\(Format.grouped(streamed)) "
                    + "installs "
                    + "decided during the frames) and rendering; the same frames with no run beside them: median "
                    + "\(Format.duration(aloneStats.median)), p99 \(Format.duration(aloneStats.p99)); checksum "
                    + "\(checksum)."
            ])
    }
}
