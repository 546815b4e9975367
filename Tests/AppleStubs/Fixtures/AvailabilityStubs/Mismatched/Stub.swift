// Fixture for Scripts/apple-availability.py --stubs: a stub whose availability disagrees with the table
// (onOpenURL is iOS 14.0 there) and one that the table lacks. Both must be reported.
extension View {
    @available(iOS 15.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public nonisolated func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }

    @available(iOS 17.0, macOS 14.0, *)
    public nonisolated func notInTheTable() -> some View { self }
}
