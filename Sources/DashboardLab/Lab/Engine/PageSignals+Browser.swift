import DashboardCore
import OptoLinkLabEngine

extension PageSignals {
    /// What the click page's script gathers in `browser`, a lab device's Safari.
    init(_ browser: DirectMatcher.Browser) {
        self.init(
            timezone: browser.timezone, screenWidth: browser.screenWidth, screenHeight: browser.screenHeight,
            language: browser.language)
    }
}
