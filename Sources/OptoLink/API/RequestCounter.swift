import Foundation
internal import OptoLinkClientCore

/// Hands out request ids 1, 2, 3… for one ``RequestRunner`` (and the runners made from it).
///
/// A lock because ids are taken synchronously at the start of a request.
final class RequestCounter: Sendable {
    private let last = LockedValue(0)

    func take() -> Int {
        last.withLock { last in
            last += 1
            return last
        }
    }
}
