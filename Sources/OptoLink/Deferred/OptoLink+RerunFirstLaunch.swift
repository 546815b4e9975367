extension OptoLink {
    /// Runs the first-launch sequence again as if the app had just been installed, without wiping the
    /// app's data: the inspector's `rerunFirstLaunch` command (see ``LaunchCoordinator/rerunFirstLaunch()``).
    ///
    /// `package` access: a debugging tool driven from the dashboard, not an app API. Waits for the sequence to
    /// settle (the `/match` retries and waits run on the SDK's clock) and returns what it resolved to;
    /// never throws, refuses (with the reason) after ``shutdown()``, in an app extension and while a
    /// first launch is running. The link it resolves to is also delivered on ``links``.
    package func rerunFirstLaunch() async -> FirstLaunchRerun {
        await inspection.coordinator.rerunFirstLaunch()
    }
}
