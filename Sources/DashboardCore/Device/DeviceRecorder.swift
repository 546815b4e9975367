import Foundation
import OptoLink

/// Everything a simulated device's SDK instances reported: diagnostics and the links delivered on the
/// link stream. Scenarios read it to check what actually happened.
///
/// `@unchecked Sendable` is safe: the stored arrays are only touched while `lock` is held.
package final class DeviceRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [RecordedDiagnostic] = []
    private var delivered: [OptoLinkData] = []

    /// Creates an empty recorder.
    package init() {}

    /// Every diagnostic so far, in order.
    package var diagnostics: [RecordedDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return records
    }
    /// Every link the app received on `links`, in order.
    package var links: [OptoLinkData] {
        lock.lock()
        defer { lock.unlock() }
        return delivered
    }
    /// The requests rebuilt from the diagnostics.
    package var requests: [RequestTrace] { RequestTrace.build(from: diagnostics) }

    /// The requests to `endpoint`.
    package func requests(to endpoint: Endpoint) -> [RequestTrace] { requests.filter { $0.endpoint == endpoint } }

    func record(_ diagnostic: RecordedDiagnostic) {
        lock.lock()
        records.append(diagnostic)
        lock.unlock()
    }
    func record(link: OptoLinkData) {
        lock.lock()
        delivered.append(link)
        lock.unlock()
    }

    /// Waits (polling every 10 ms of real time) until `condition` holds or `timeout` seconds passed.
    /// - Returns: whether the condition held.
    @discardableResult
    package func wait(timeout: Double, until condition: @Sendable (DeviceRecorder) -> Bool) async -> Bool {
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        while !condition(self) {
            if ProcessInfo.processInfo.systemUptime > deadline { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return true
    }
}
