import DashboardCore
import DashboardLab

/// Replays a ``SessionFile`` through the reducer: to any entry, step by step (`[` `]`), or as it unfolded
/// at a chosen speed (`<` `>`).
///
/// Moving forward applies the entries between here and there; moving back starts over from a fresh state
/// (keeping the viewer's focus, filters, scroll and theme, ``freshState(keepingViewOf:)``) and applies the
/// entries up to the target again, read from the file one at a time: memory holds the file's offsets, never
/// past states.
///
/// ```swift
/// let replay = SessionReplay(file: try SessionFile.open(url))
/// var state = DashboardState()
/// try replay.seek(to: replay.file.count, reset: { state = SessionReplay.freshState(keepingViewOf: state) },
///                 apply: { DashboardReducer.reduce(&state, $0) })
/// ```
package final class SessionReplay {
    /// The session.
    package let file: SessionFile
    /// Entries applied so far (0 … ``SessionFile/count``).
    package private(set) var position = 0
    /// The replay clock (paused until `>`).
    package private(set) var clock: ReplayClock

    /// A replay at the session's start, paused.
    package init(file: SessionFile) {
        self.file = file
        clock = ReplayClock(recorded: file.times.first ?? 0)
    }

    /// The recorded time of the first entry.
    package var startTime: Double { file.times.first ?? 0 }

    /// The recorded time of the last applied entry (the first entry's before any).
    package var currentTime: Double { position == 0 ? startTime : file.times[position - 1] }

    /// Whether every entry is applied.
    package var isAtEnd: Bool { position >= file.count }

    /// What the header and the replay bar show.
    package var status: SessionStatus {
        var status = SessionStatus(mode: .replay, file: file.url.path)
        status.position = position
        status.count = file.count
        status.elapsed = currentTime - startTime
        status.duration = (file.times.last ?? startTime) - startTime
        status.speed = clock.speed
        status.recordedAt = file.isHAR ? "HAR" : file.header.createdAt
        return status
    }

    /// Moves to `target` entries applied: forward by applying the entries in between, back by calling
    /// `reset` (the caller starts from a fresh state) and applying the first `target` entries again.
    /// - Throws: ``DashboardError/session(_:)`` when the file cannot be read again.
    package func seek(
        to target: Int, reset: () -> Void, apply: (DashboardAction) -> Void
    ) throws(DashboardError) {
        let target = min(max(0, target), file.count)
        if target < position {
            reset()
            position = 0
        }
        while position < target {
            let entry = try file.entry(at: position)
            if let action = entry.action { apply(action) }
            position += 1
        }
    }

    /// The position one step forward (`direction` > 0) or back: just after the next (or previous) entry that
    /// is not a clock tick, with the ticks right after it (so log lines it added have their time).
    package func stepTarget(_ direction: Int) -> Int {
        let steps = file.stepIndices
        var target: Int
        if direction > 0 {
            guard let next = steps.first(where: { $0 >= position }) else { return file.count }
            target = next + 1
        } else {
            // The step whose entry was applied last is at index < position; go to the one before it.
            let applied = steps.last { $0 < position }
            guard let applied, let previous = steps.last(where: { $0 < applied }) else { return 0 }
            target = previous + 1
        }
        while target < file.count, !isStep(target) { target += 1 }
        return target
    }

    /// The position one scenario forward (`direction` > 0) or back: just after the next (or previous) scenario's
    /// verdict (passed, failed or skipped), with the ticks right after it, so the screen shows that scenario as
    /// the dashboard showed it when it ended. Forward past the last verdict is the end; back before the first
    /// is the start.
    /// - Throws: ``DashboardError/session(_:)`` when the file cannot be read again.
    package func scenarioTarget(_ direction: Int) throws(DashboardError) -> Int {
        let ends = try verdictIndices().map { index in
            var target = index + 1
            while target < file.count, !isStep(target) { target += 1 }
            return target
        }
        if direction > 0 { return ends.first { $0 > position } ?? file.count }
        return ends.last { $0 < position } ?? 0
    }

    /// The indices of the scenarios' verdict entries, read from the file the first time they are asked for.
    private func verdictIndices() throws(DashboardError) -> [Int] {
        if let verdicts { return verdicts }
        var found: [Int] = []
        for index in file.stepIndices {
            switch try file.entry(at: index).action {
            case .scenarioFinished, .scenarioSkipped: found.append(index)
            default: break
            }
        }
        verdicts = found
        return found
    }

    private var verdicts: [Int]?

    /// The position playback has reached when the viewer's clock reads `viewer`: every entry at or before the
    /// replay clock's recorded time.
    package func playTarget(at viewer: Double) -> Int {
        let time = clock.recordedTime(at: viewer)
        var target = position
        while target < file.count, file.times[target] <= time { target += 1 }
        return target
    }

    /// Changes the speed (`<` `>`) from the current entry's time, the viewer's clock reading `viewer`; back
    /// to the start when it starts playing at the end.
    /// - Returns: true when playback has to start over from the first entry.
    @discardableResult
    package func changeSpeed(_ direction: Int, at viewer: Double) -> Bool {
        let speed = clock.nextSpeed(direction)
        let restart = speed > 0 && clock.speed == 0 && isAtEnd
        clock.setSpeed(speed, at: viewer, recorded: restart ? startTime : currentTime)
        return restart
    }

    /// Stops playing (a step or a jump pauses), keeping the clock at the current entry.
    package func pause(at viewer: Double) {
        clock.setSpeed(0, at: viewer, recorded: currentTime)
    }

    /// A state for starting over: empty data, the viewer's view of `old` (focus, overlay, filters, scroll,
    /// breakdown, timeline view, theme, size, the session bar).
    package static func freshState(keepingViewOf old: DashboardState) -> DashboardState {
        var state = DashboardState(
            themeName: old.themeName, availableThemes: old.availableThemes, size: old.size)
        state.focus = old.focus == .scenario ? .profile : old.focus
        state.overlay = old.overlay
        state.breakdownOpen = old.breakdownOpen
        state.logFilter = old.logFilter
        state.matchesFilter = old.matchesFilter
        state.logScroll = old.logScroll
        state.selectedAttempt = old.selectedAttempt
        state.timelineView = old.timelineView
        state.lab.selectedService = old.lab.selectedService
        state.lab.selectedInstall = old.lab.selectedInstall
        state.lab.showsTerms = old.lab.showsTerms
        state.session = old.session
        return state
    }

    private func isStep(_ index: Int) -> Bool {
        var low = 0
        var high = file.stepIndices.count
        while low < high {
            let mid = (low + high) / 2
            if file.stepIndices[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < file.stepIndices.count && file.stepIndices[low] == index
    }
}
