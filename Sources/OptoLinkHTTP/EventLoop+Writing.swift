import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the loop writes an answer (what a socket takes now, the rest on `POLLOUT`), lingers before closing,
/// closes, and keeps each connection's deadline.
extension EventLoop {
    // MARK: Writing

    /// Starts writing `bytes`; true when they were all written and `after` is `.keepServing`.
    func write(_ connection: LoopConnection, _ bytes: [UInt8], then after: LoopConnection.AfterWrite) -> Bool {
        connection.output = bytes
        connection.outputOffset = 0
        connection.phase = .writing(then: after)
        setDeadline(connection, EventLoop.now() + EventLoop.nanoseconds(EventLoop.writeTimeout))
        return flush(connection, then: after)
    }

    /// Writes what the socket takes; when everything is written, does `after` (true: go on serving).
    func flush(_ connection: LoopConnection, then after: LoopConnection.AfterWrite) -> Bool {
        var progressed = false
        var budget = connection.pace?.bytes ?? Int.max  // a trickled answer writes one slice per wake-up
        while connection.outputOffset < connection.output.count {
            if budget <= 0, let pace = connection.pace {
                connection.phase = .paused(then: after)
                pollSet[connection.slot].fd = -1
                setDeadline(connection, EventLoop.now() + pace.interval)
                return false
            }
            let n = connection.output.withUnsafeBytes { raw in
                send(
                    connection.fd, raw.baseAddress! + connection.outputOffset,
                    min(budget, raw.count - connection.outputOffset), Socket.sendFlags)
            }
            if n > 0 {
                connection.outputOffset += n
                budget -= n
                progressed = true
            } else if n < 0, errno == EINTR {
                continue
            } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                pollSet[connection.slot].events = Int16(POLLOUT)
                if progressed {
                    setDeadline(connection, EventLoop.now() + EventLoop.nanoseconds(EventLoop.writeTimeout))
                }
                return false
            } else {
                close(connection)
                return false
            }
        }
        connection.output = []
        connection.outputOffset = 0
        connection.pace = nil
        connection.phase = .reading
        switch after {
        case .keepServing:
            return true
        case .close:
            close(connection)
        case .linger:
            startLingering(connection)
        case .timedOut:
            _ = shutdown(connection.fd, Socket.shutdownBoth)
            close(connection)
        }
        return false
    }

    // MARK: Closing

    /// After an error answer: stop writing, read (and discard) what the client is still sending for a
    /// moment so it sees the answer rather than a reset, then close.
    func startLingering(_ connection: LoopConnection) {
        _ = shutdown(connection.fd, Socket.shutdownWrite)
        let now = EventLoop.now()
        connection.phase = .draining(until: now + EventLoop.nanoseconds(EventLoop.lingerTime), total: 0)
        pollSet[connection.slot].events = Int16(POLLIN)
        setDeadline(connection, now + EventLoop.nanoseconds(EventLoop.lingerQuiet))
    }

    func drain(_ connection: LoopConnection, until: UInt64, total: Int) {
        let n = scratch.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            let total = total + n
            guard total < EventLoop.lingerBytes else { return close(connection) }
            connection.phase = .draining(until: until, total: total)
            setDeadline(connection, min(until, EventLoop.now() + EventLoop.nanoseconds(EventLoop.lingerQuiet)))
        } else if n == 0 || !(errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
            close(connection)
        }
    }

    /// Leaves the poll set and closes the descriptor (through the server, under its lock).
    func close(_ connection: LoopConnection) {
        let index = connection.slot
        guard index > 0, index < slots.count, slots[index] === connection else { return }  // already closed
        let last = pollSet.count - 1
        if index != last {
            pollSet[index] = pollSet[last]
            slots[index] = slots[last]
            slots[index]?.slot = index
        }
        pollSet.removeLast()
        slots.removeLast()
        connection.slot = 0
        byID[connection.id] = nil
        server.release(connection.fd)
    }

    // MARK: Time

    func setDeadline(_ connection: LoopConnection, _ deadline: UInt64) {
        connection.deadline = deadline
        if deadline < nextCheck { nextCheck = deadline }
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        seconds <= 0 ? 0 : UInt64(min(seconds, 1e9) * 1e9)
    }
}
