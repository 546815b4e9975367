/// The shared test support (`Recorder`, `SeededRandom`, `QuietMachine`) and the SDK fixtures (`Fixtures`,
/// `TestDevice`, `routedTransport`) for every file of this target.
@_exported import SDKFixtures
@_exported import TestSupport
