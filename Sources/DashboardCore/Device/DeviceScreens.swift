import OptoLink

/// The main screen of the iPhone models the dashboard simulates, in pixels (portrait), so a Deep Blue
/// click page and the app's check-deferred report the same screen for the same model (the scenarios, and the
/// match lab's population).
package enum DeviceScreens {
    /// Pixels of the models the scenarios and the default lab use; others get the iPhone 14 Pro's.
    static let pixels: [String: (Double, Double)] = [
        "iPhone15,2": (1179, 2556), "iPhone15,3": (1290, 2796), "iPhone14,7": (1170, 2532),
        "iPhone14,2": (1170, 2532), "iPhone14,3": (1284, 2778), "iPhone14,4": (1080, 2340),
        "iPhone14,5": (1170, 2532), "iPad13,1": (1640, 2360), "iPhone12,1": (828, 1792),
        "iPhone13,2": (1170, 2532), "iPhone15,4": (1179, 2556), "iPhone16,1": (1179, 2556),
        "iPhone16,2": (1290, 2796), "iPhone17,1": (1206, 2622), "iPhone17,2": (1320, 2868),
        "iPhone17,3": (1179, 2556),
    ]

    /// The screen of `model`.
    package static func screen(of model: String) -> DeviceScreen {
        let (width, height) = pixels[model] ?? (1179, 2556)
        return DeviceScreen(width: width, height: height)
    }
}
