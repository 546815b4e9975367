/// The main screen's size in **pixels** (points × the screen's scale), as Deep Blue Links' check-deferred
/// wants it: an iPhone 15 Pro is 1179 × 2556.
public struct DeviceScreen: Sendable, Hashable {
    /// Width in pixels (portrait).
    public var width: Double
    /// Height in pixels (portrait).
    public var height: Double

    /// Creates a screen size in pixels.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size given in points and the scale (`UIScreen.bounds.size` and `UIScreen.scale`).
    public init(points width: Double, _ height: Double, scale: Double) {
        self.init(width: width * scale, height: height * scale)
    }
}
