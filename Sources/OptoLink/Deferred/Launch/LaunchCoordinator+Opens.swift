import Foundation
internal import OptoLinkClientCore

/// Direct opens: one request per URL within the duplicate window, run in the caller's task; the machine
/// hears when each begins and ends (an open of the first launch may settle it).
extension LaunchCoordinator {
    /// What ``beginOpen(_:sendsRequest:)`` decided for an open.
    enum OpenStart: Sendable {
        /// The SDK is shut down: nothing to do.
        case shutDown
        /// The same URL is already being opened: share its answer.
        case joining(OpenSlot)
        /// A new open, known to the machine as `id`: run the request (with `deviceId`, nil while the SDK is
        /// disabled) and fulfil the slot.
        case starting(OpenSlot, id: Int, deviceId: String?)
    }

    /// Fetches and delivers the link behind `url` (already checked to be ours), once per open.
    ///
    /// Not isolated to the actor: the decision and the bookkeeping are (``beginOpen(_:sendsRequest:)``,
    /// ``finishOpen(_:id:_:registers:)``), but the request runs right here, in the calling task, so its
    /// answer wakes one task (the caller's) besides the app's `links` listener, which gets the link from the
    /// transport's callback. Structured, as Swift code expects: cancelling the calling task cancels the
    /// open. ``shutdown()`` stops it at its next step (no further attempt or wait; an attempt already on
    /// the wire is not interrupted, and nothing is delivered after shutdown).
    /// (A task of its own per open cost about 4 % of the open.)
    nonisolated func open(_ url: URL, key: LinkKey) async -> OptoLinkData? {
        let sendsRequest = key.sendsRequest
        switch await beginOpen(url, sendsRequest: sendsRequest) {
        case .shutDown:
            return nil
        case .joining(let slot):
            return await finishJoin(slot.value())
        case .starting(let slot, let id, let deviceId):
            let link = await Self.fetchAndDeliver(key: key, url: url, installID: deviceId, deps: deps, slot: slot)
            slot.fulfill(link)
            return await finishOpen(slot, id: id, link, registers: sendsRequest && deviceId != nil)
        }
    }

    /// Records an open of `url`, or finds the same open within the duplicate window.
    /// `sendsRequest`: false for a link read locally (a URL scheme), which the session rule does not count.
    private func beginOpen(_ url: URL, sendsRequest: Bool) -> OpenStart {
        guard !machine.progress.isShutDown else { return .shutDown }
        let key = url.absoluteString
        let now = deps.clock.now()
        if let slot = recentOpens.open(of: key, at: now) { return .joining(slot) }
        let id = nextOpen
        nextOpen += 1
        // Opened during the first launch: it settles the first launch only once its link is delivered;
        // until then `/match` waits for it (or its answer does).
        send(.openStarted(open: id, sendsRequest: sendsRequest))
        let slot = recentOpens.record(key, at: now)
        return .starting(slot, id: id, deviceId: deps.privacy.isEnabled ? currentDeviceId : nil)
    }

    /// The bookkeeping after an open's request (the machine decides what it settles).
    /// `registers`: `/data` went with the device id (a short link while enabled), so the backend knows it.
    private func finishOpen(_ slot: OpenSlot, id: Int, _ link: OptoLinkData?, registers: Bool) -> OptoLinkData? {
        recentOpens.finish(slot)
        send(.openEnded(open: id, link: link, registers: registers))
        return machine.progress.isShutDown ? nil : link
    }

    /// A duplicate open's answer: the shared link, unless the SDK shut down meanwhile.
    private func finishJoin(_ link: OptoLinkData?) -> OptoLinkData? {
        machine.progress.isShutDown ? nil : link
    }

    /// Fetches the link and delivers it (off the actor). Nil when it could not be resolved (logged) or
    /// the open was stopped.
    private static func fetchAndDeliver(key: LinkKey, url: URL, installID: String?, deps: Dependencies, slot: OpenSlot)
        async -> OptoLinkData?
    {
        do {
            // Delivered from the transport's callback as soon as the answer is parsed (see
            // `OptoLinkAPI.linkData(shortCode:deviceId:isStopped:onLink:)`): the app's listener does not wait for
            // this task to be woken. `deliver` stops at shutdown.
            let deliver = deps.deliver
            let delivered = LockedValue(false)
            let link = try await deps.provider.open(
                key: key, url: url, installID: installID, isStopped: { slot.isStopped },
                onLink: { link in if deliver(link) { delivered.set(true) } })
            guard let link else {
                deps.log(
                    .info,
                    "\(deps.provider.service.displayName) has no link behind \(url.absoluteString): route it yourself")
                return nil
            }
            if delivered.value { deps.emit(.linkDelivered(link)) }
            return link
        } catch {
            if error != .cancelled { deps.log(.error, "Link \(key.text) could not be resolved: \(error)") }
            return nil
        }
    }
}
