import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Readings from `/proc` (Linux only; nil elsewhere or when unreadable).
enum ProcFS {
    /// The resident set size of a process in bytes (`VmRSS` of `/proc/<pid>/status`; `self` by default).
    static func residentBytes(pid: String = "self") -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kib = Double(fields[1]) { return kib * 1024 }
        }
        return nil
    }

    /// The peak resident set size of a process in bytes (`VmHWM` of `/proc/<pid>/status`; `self` by default).
    static func peakResidentBytes(pid: String = "self") -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kib = Double(fields[1]) { return kib * 1024 }
        }
        return nil
    }

    /// User + system CPU time of a process in seconds (`utime` + `stime` of `/proc/<pid>/stat`).
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after "comm)": state is field 3, so utime (14) and stime (15) are at offsets 11 and 12.
        let fields = text[text.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user + system) / (ticks > 0 ? ticks : 100)
    }

    /// Total memory in bytes (`MemTotal` of `/proc/meminfo`).
    static func memoryTotalBytes() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kib = Double(fields[1]) { return kib * 1024 }
        }
        return nil
    }

    /// The 1-minute load average (`/proc/loadavg`), as text.
    static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.map(String.init)
    }

    /// The first `model name` of `/proc/cpuinfo`.
    static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
