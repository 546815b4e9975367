import Foundation

/// Where ``SystemClock``'s deadlines wait: one min-heap behind one Dispatch timer, armed for the earliest
/// deadline still pending, on the clock's serial queue.
///
/// An attempt's deadline is started on every request and almost never expires, so starting one must be
/// cheap: a locked heap insert. The timer is re-armed only when the new deadline is earlier than the one
/// it waits for, which is seldom (every attempt of a configuration has the same timeout) or when it was
/// idle. Scheduling each deadline on Dispatch by itself (`asyncAfter`) cost 12–30 µs on the caller's
/// thread on Linux, where libdispatch wakes its timer thread to program every new timer (the signing
/// hook's deadline is started on the first launch's way to its request).
///
/// A cancelled deadline stays in the heap, its action released, until the timer comes to it; the timer
/// is never armed for one: after each expiry the cancelled deadlines at the top are dropped first.
///
/// `@unchecked Sendable` is safe: `heap` and `armedAt` are only touched while `lock` is held; the timer
/// is re-armed under it too (so two re-arms cannot land out of order), and actions run after it is released.
final class DeadlineScheduler: @unchecked Sendable {
    private struct Entry {
        /// `DispatchTime` uptime, in nanoseconds.
        let at: UInt64
        let action: OnceAction
    }

    private let lock = NSLock()
    private let queue: DispatchQueue
    private let timer: any DispatchSourceTimer
    private var heap: [Entry] = []
    /// What the timer is armed for (nil: not armed).
    private var armedAt: UInt64?

    /// Expires deadlines on `queue`.
    init(queue: DispatchQueue) {
        self.queue = queue
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.expireDue() }
        timer.activate()
    }

    /// Runs `action` once `seconds` have passed (zero, negative or not a number: at once, on the queue;
    /// a billion seconds or more: never), unless it is cancelled first.
    func add(after seconds: TimeInterval, _ action: OnceAction) {
        guard seconds > 0 else {
            queue.async { action.run() }
            return
        }
        guard seconds < 1e9 else { return }
        let at = DispatchTime.now().uptimeNanoseconds &+ UInt64(seconds * 1e9)
        lock.lock()
        push(Entry(at: at, action: action))
        if armedAt.map({ at < $0 }) ?? true { arm(at) }
        lock.unlock()
    }

    /// The timer fired: runs every deadline that is due, then re-arms for the earliest still pending.
    private func expireDue() {
        let now = DispatchTime.now().uptimeNanoseconds
        var due: [OnceAction] = []
        lock.lock()
        armedAt = nil
        while let top = heap.first, top.at <= now || !top.action.isPending { due.append(popMin().action) }
        if let next = heap.first { arm(next.at) }
        lock.unlock()
        for action in due { action.run() }
    }

    /// Arms the timer for `at` (under `lock`).
    private func arm(_ at: UInt64) {
        armedAt = at
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: at))
    }

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].at < heap[parent].at else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popMin() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return top }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].at < heap[smallest].at { smallest = left }
            if right < heap.count, heap[right].at < heap[smallest].at { smallest = right }
            if smallest == parent { return top }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
