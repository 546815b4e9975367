import Foundation

/// What happened to the launch: a call from the app (each call that waits names its waiter), a result
/// coming back from work the ``LaunchCoordinator`` ran, or a change of the SDK's switches. Fed to
/// ``LaunchMachine/handle(_:)``.
enum LaunchEvent: Sendable {
    /// The first-launch sequence starts (the link that opened the app, if any, has been handled);
    /// `waiter` waits for its end.
    case sequenceStarted(waiter: Int)
    /// The inspector asks to run the first-launch sequence again for the install `deviceId`; `waiter`
    /// waits for its end, or is refused at once.
    case rerunRequested(waiter: Int, deviceId: String)
    /// ``OptoLink/resolveDeferredLink()`` asks for the first launch's link.
    case firstLaunchResultRequested(waiter: Int)
    /// An identity call or event send waits for the launch to settle.
    case launchSettlementRequested(waiter: Int)
    /// ``OptoLink/checkPasteboard()`` was called.
    case pasteboardChecked(waiter: Int)
    /// The task behind `waiter` was cancelled (and was already resumed).
    case waiterCancelled(waiter: Int)
    /// The first-launch sequence returned: the session rule runs; `waiter` waits for it.
    case launchEnding(waiter: Int)
    /// The session rule's `/sdk/session` ended (sent, failed or cancelled).
    case sessionRegistrationEnded
    /// ``OptoLink/setEnabled(_:)`` changed the switch.
    case privacyChanged(isEnabled: Bool)
    /// The pasteboard read ended: a click token, or none.
    case tokenRead(DeferredLinkResolver.ReadToken?)
    /// The wait for ``OptoLink/checkPasteboard()`` ran out.
    case tokenWaitExpired
    /// `/match` ended (and the resolver marked the first launch done and cleared the used token).
    case matchEnded(DeferredLinkResolver.Outcome)
    /// A direct open (not a duplicate) began; `sendsRequest`: it asks `/data` (not a URL scheme).
    case openStarted(open: Int, sendsRequest: Bool)
    /// A direct open's request ended with `link` (nil: not resolved); `registers`: `/data` went with the
    /// device id.
    case openEnded(open: Int, link: OptoLinkData?, registers: Bool)
    /// ``OptoLink/shutdown()``.
    case shutDown
}
