/// The shared test support (`Recorder`, `SeededRandom`, `QuietMachine`) for every file of this target.
@_exported import TestSupport
