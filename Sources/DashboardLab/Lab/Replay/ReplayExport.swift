import OptoLinkLabEngine

/// A simulated population written as the replay's two files (`optolink-dash lab --export-clicks FILE
/// --export-opens FILE`): every click as OptoLink's redirect page records it and every first open as its
/// `/match` is asked, with the clipboard token the SDK read. Read back with `--clicks/--opens`, the production
/// pass decides every install as the lab's in-process engine did.
///
/// Ids are the device ids; times are epoch seconds from ``epoch`` (the lab's second 0); tokens are the lab's
/// click tokens (``DirectMatcher/token(forClick:)``).
///
/// ```swift
/// try ReplayExport.write(population, clicks: { clickFile.write($0) }, opens: { openFile.write($0) })
/// ```
package enum ReplayExport {
    /// The lab's second 0 in the files: 2026-01-01T00:00:00Z.
    package static let epoch = 1_767_225_600.0

    /// Writes the population's clicks and first opens, each in time order, header first.
    /// - Throws: whatever the writers throw.
    package static func write(
        _ population: LabPopulation, clicks: (String) throws -> Void, opens: (String) throws -> Void
    ) rethrows {
        try clicks(ReplayCSVWriter.line(ReplayFileKind.clicks.columns))
        try opens(ReplayCSVWriter.line(ReplayFileKind.opens.columns))
        var clickMemo: [Int: DirectMatcher.Signals] = [:]
        var openMemo: [Int: DirectMatcher.Signals] = [:]
        for event in population.events {
            let device = event.device
            let time = ReplayCSVWriter.time(epoch + event.time)
            if event.isLaunch {
                let key = population.appKey(of: device)
                let signals =
                    openMemo[key]
                    ?? {
                        let made = DirectMatcher.Signals.launch(.optoLink, population.app(of: device))
                        openMemo[key] = made
                        return made
                    }()
                let token = population.clipboardClick(of: device).map(DirectMatcher.token(forClick:)) ?? ""
                try opens(
                    ReplayCSVWriter.line([
                        String(device), time, population.launchAddress(of: device), signals.platform ?? "",
                        signals.osVersion ?? "", signals.deviceModel ?? "", signals.language ?? "",
                        signals.timezone ?? "", token,
                    ]))
            } else {
                let key = population.browserKey(of: device)
                let signals =
                    clickMemo[key]
                    ?? {
                        let made = DirectMatcher.Signals.click(.optoLink, population.browser(of: device))
                        clickMemo[key] = made
                        return made
                    }()
                try clicks(
                    ReplayCSVWriter.line([
                        String(device), time, population.clickAddress(of: device), signals.platform ?? "",
                        signals.osVersion ?? "", signals.language ?? "", signals.timezone ?? "",
                        signals.deviceModel ?? "", DirectMatcher.token(forClick: device),
                    ]))
            }
        }
    }
}
