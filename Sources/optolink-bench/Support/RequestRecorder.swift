import Foundation
import OptoLink

/// The first request a transport sees whose path ends with `suffix` (or the newest, with `keepNewest`),
/// kept for a bare baseline to repeat exactly (rows 2 and 2c–2e).
///
/// `@unchecked Sendable` is safe: `stored` is only touched while `lock` is held.
final class RequestRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: HTTPRequest?
    let suffix: String
    /// Whether every matching request replaces the kept one (AppsFlyer: the newest signed request).
    let keepNewest: Bool

    init(suffix: String, keepNewest: Bool = false) {
        self.suffix = suffix
        self.keepNewest = keepNewest
    }

    var last: HTTPRequest? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Keeps `request` when it is the one to keep. Once one is kept (and not `keepNewest`) it returns
    /// before reading the path: this runs on the SDK side's timed path, which the baseline does not have.
    func offer(_ request: HTTPRequest) {
        lock.lock()
        defer { lock.unlock() }
        guard stored == nil || keepNewest, request.url.path.hasSuffix(suffix) else { return }
        stored = request
    }
}
