/// The first-launch deferred sequence's steps: read the click token (clipboard), collect the fingerprint,
/// ask `/match`, then mark the first launch done and clear the used token.
///
/// The order of the steps and the decisions *whether* and *when* to run them (first launch only, not when
/// the app was opened by a link, the pasteboard only as ``ClipboardReading`` allows) belong to the SDK's
/// launch coordination; this type does each step.
struct DeferredLinkResolver: Sendable {
    /// How `/match` ended.
    enum Outcome: Sendable {
        case matched(OptoLinkData)
        case noMatch
        case failed(OptoLinkError)
        case cancelled
    }

    let provider: any LinkProvider
    let pasteboard: any Pasteboard
    let deviceInfo: any DeviceInfoProvider
    let launchState: LaunchState
    /// Where each read's kind (token or other text) is noted for the inspector; nil: not noted.
    var readings: PasteboardReadings? = nil

    /// A token read from the pasteboard, with the pasteboard's change count at the time of the read.
    struct ReadToken: Sendable, Equatable {
        let token: ClipboardToken
        let changeCount: Int
    }

    /// A valid token from the pasteboard, or nil. Reads only when the pasteboard says it holds a string
    /// (so there is no paste prompt when there is nothing). May wait as long as the user takes to answer
    /// the paste prompt: the caller runs it in a task of its own.
    func readToken() async -> ReadToken? {
        guard await pasteboard.hasStrings() else { return nil }
        let changeCount = await pasteboard.changeCount()
        let text = await pasteboard.string()
        let token = text.flatMap(ClipboardToken.init)
        if text != nil { readings?.record(changeCount: changeCount, heldToken: token != nil) }
        guard let token else { return nil }
        return ReadToken(token: token, changeCount: changeCount)
    }

    /// Sends the provider's deferred request (OptoLink: `/match` with the token, if any, and the
    /// fingerprint). A provider that asks once whatever happens (QubeRoute, Deep Blue) has the first
    /// launch marked done before the request leaves.
    func match(token: ClipboardToken?, deviceId: String) async -> Outcome {
        if provider.marksFirstLaunchBeforeMatch { launchState.markFirstLaunchDone() }
        do {
            if let link = try await provider.match(
                clipboardToken: token?.rawValue, installID: deviceId, deviceInfo: deviceInfo)
            {
                return .matched(link)
            }
            return .noMatch
        } catch {
            return error == .cancelled ? .cancelled : .failed(error)
        }
    }

    /// Marks the first launch done and clears the token that was used, only if the pasteboard has not
    /// changed since it was read (what the user copied meanwhile stays). Skipped after a cancellation
    /// (the SDK was shut down mid-request: as if the process had died, the next launch tries again).
    func finish(after outcome: Outcome, usedToken: ReadToken?) async {
        if case .cancelled = outcome { return }
        launchState.markFirstLaunchDone()
        if let usedToken { await pasteboard.clear(ifChangeCountIs: usedToken.changeCount) }
    }
}
