import Foundation

/// Settings read from the environment: `OPTOLINK_LONG=1` for the long variants, `OPTOLINK_SEED=N` to
/// replay a run.
enum RunSettings {
    static var long: Bool { ProcessInfo.processInfo.environment["OPTOLINK_LONG"] == "1" }

    static func seed(default value: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["OPTOLINK_SEED"].flatMap(UInt64.init) ?? value
    }
}
