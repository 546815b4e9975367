import Foundation
internal import OptoLinkClientCore

/// The direct opens of the last few seconds, by URL, and the opens whose request is still running.
///
/// A second open of the same URL within ``duplicateWindow`` is the same open (e.g. `launchURL` and `onOpenURL`
/// both reporting the cold-start link): it shares the first one's ``OpenSlot``, so one request and one
/// delivery. A value the ``LaunchCoordinator`` keeps; the caller gives the time, so tests need no clock.
struct RecentOpens {
    /// A second open of the same URL within this many seconds is the same open: it gets the same answer and
    /// is not delivered again.
    static let duplicateWindow: TimeInterval = 5

    /// The latest open of each URL (older ones leave as the window passes).
    private var opens: [String: OpenSlot] = [:]
    /// The opens whose request is still running (older ones may have left `opens`), for shutdown.
    private var running: [ObjectIdentifier: OpenSlot] = [:]
    /// The keys of `opens` in the order they were recorded (from `orderHead` on), for pruning.
    private var order: [(key: String, time: TimeInterval)] = []
    private var orderHead = 0

    /// The open of `url` recorded less than ``duplicateWindow`` before `now`, if there is one.
    func open(of url: String, at now: TimeInterval) -> OpenSlot? {
        guard let slot = opens[url], now - slot.time < Self.duplicateWindow else { return nil }
        return slot
    }

    /// Records a new open of `url` at `now`, running until ``finish(_:)``, and returns its slot. Forgets the
    /// opens that left the window first.
    mutating func record(_ url: String, at now: TimeInterval) -> OpenSlot {
        let slot = OpenSlot(time: now)
        prune(now: now)
        opens[url] = slot
        running[ObjectIdentifier(slot)] = slot
        order.append((key: url, time: now))
        return slot
    }

    /// `slot`'s request is over.
    mutating func finish(_ slot: OpenSlot) {
        running[ObjectIdentifier(slot)] = nil
    }

    /// Stops every open whose request is still running (at its next step: they run in their callers' tasks).
    func stopRunning() {
        for slot in running.values { slot.stop() }
    }

    /// Forgets the opens older than ``duplicateWindow``. The clock is monotonic, so they are the oldest
    /// entries of `order`: amortized O(1) per open instead of a pass over every recent open.
    private mutating func prune(now: TimeInterval) {
        while orderHead < order.count, now - order[orderHead].time >= Self.duplicateWindow {
            let entry = order[orderHead]
            if opens[entry.key]?.time == entry.time { opens[entry.key] = nil }
            orderHead += 1
        }
        if orderHead >= 64, orderHead * 2 >= order.count {
            order.removeFirst(orderHead)
            orderHead = 0
        }
    }
}
