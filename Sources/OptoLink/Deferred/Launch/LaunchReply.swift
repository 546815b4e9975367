/// What a task waiting on the launch is resumed with.
enum LaunchReply: Sendable, Equatable {
    /// A link, or none (``LaunchWait/sequenceEnd``, ``LaunchWait/firstLaunchResult``).
    case link(OptoLinkData?)
    /// Yes or no (``LaunchWait/launchSettled``, ``LaunchWait/launchEnd``, ``LaunchWait/tokenRead``).
    case flag(Bool)
    /// A re-run of the first-launch sequence was refused, and why.
    case refused(String)

    /// The link, when this reply carries one.
    var link: OptoLinkData? {
        if case .link(let link) = self { return link }
        return nil
    }

    /// The flag; false for any other reply.
    var flag: Bool {
        if case .flag(let flag) = self { return flag }
        return false
    }
}
