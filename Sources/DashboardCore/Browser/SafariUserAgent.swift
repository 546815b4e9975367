/// The `User-Agent` Safari sends on the simulated device, built from the browser-side fingerprint: the
/// device family (Safari names `iPhone` or `iPad`, never the model), the OS version, Safari's version.
package enum SafariUserAgent {
    /// Safari's User-Agent for `browser` (an Android browser's for an Android fingerprint, a generic one for
    /// any other platform).
    package static func string(for browser: FingerprintValues) -> String {
        switch browser.platform.lowercased() {
        case "ios":
            let version = browser.osVersion.replacingOccurrences(of: ".", with: "_")
            let major = browser.osVersion.split(separator: ".").first.map(String.init) ?? "17"
            // Safari names the device family: a click page can tell an iPad from an iPhone, not one model from another.
            if browser.deviceModel.hasPrefix("iPad") {
                return
                    "Mozilla/5.0 (iPad; CPU OS \(version) like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                    + "Version/\(major).0 Mobile/15E148 Safari/604.1"
            }
            return
                "Mozilla/5.0 (iPhone; CPU iPhone OS \(version) like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                + "Version/\(major).0 Mobile/15E148 Safari/604.1"
        case "android":
            return "Mozilla/5.0 (Linux; Android \(browser.osVersion); \(browser.deviceModel)) AppleWebKit/537.36 "
                + "(KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"
        default:
            return "Mozilla/5.0 (\(browser.platform) \(browser.osVersion))"
        }
    }
}
