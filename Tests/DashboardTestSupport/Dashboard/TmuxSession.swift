import Foundation
import OptoLinkToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tmux server on a private socket (`tmux -L optolink-test-<random>`) running one pane, for end-to-end tests.
/// `kill()` stops that server by name; call it in `defer`.
package final class TmuxSession {
    package let socket = "optolink-test-" + UUID().uuidString.prefix(8).lowercased()
    package let workDirectory: String

    /// Starts a detached session running `command` under `sh` at `width`×`height`.
    package init(command: String, width: Int = 120, height: Int = 40) throws {
        workDirectory = NSTemporaryDirectory() + socket
        try FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
        let script = workDirectory + "/run.sh"
        try ("cd '\(workDirectory)'\n" + command + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        // The server daemonizes and would keep a stdout pipe open forever: no capture here.
        _ = try tmux(
            [
                "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                "-e", "LANG=C.UTF-8", "-e", "TERM=xterm-256color", "sh \(script)",
            ], capture: false)
    }

    /// Runs a tmux command against this server; returns stdout.
    @discardableResult
    package func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        try spawn(["/usr/bin/env", "tmux", "-L", socket] + arguments, capture: capture)
    }

    /// The visible pane as lines.
    package func screen() -> [String] {
        ((try? tmux(["capture-pane", "-p", "-t", "0"])) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Sends tmux key names (`?`, `Escape`, `q`).
    package func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "0"] + keys) }

    /// Sends a mouse event as the X10 sequence `ESC [ M <button+32> <column+33> <row+33>` (0-based cell),
    /// written to the pane as literal keys. ncurses here decodes this form after `mousemask`; the SGR form
    /// (`ESC [ < b ; x ; y M`, what xterm-256color's `kmous` names) reaches the program but ncurses 6.4 under
    /// tmux returned it as plain characters, and `send-keys -M` only replays a mouse event inside a tmux binding.
    /// Buttons: 0 press of button 1, 3 release, 64 wheel up, 65 wheel down.
    package func mouse(button: Int, x: Int, y: Int) throws {
        let sequence =
            "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x)))
            + String(UnicodeScalar(UInt8(33 + y)))
        try tmux(["send-keys", "-t", "0", "-l", sequence])
    }

    /// Resizes the window (delivers SIGWINCH / KEY_RESIZE).
    package func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen (every 50 ms, up to `timeout` s) until `condition` holds; returns the last screen.
    ///
    /// Waits with `Task.sleep`, never `Thread.sleep`: the tests run on the 2-thread cooperative pool beside
    /// every other suite, and a blocked pool thread stalls them all (seen: a 10 s stall of an SDK flow).
    @discardableResult
    package func waitFor(timeout: Double = 10, _ condition: ([String]) -> Bool) async -> (ok: Bool, screen: [String]) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen()
        while Date() < deadline {
            last = screen()
            if condition(last) { return (true, last) }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return (condition(last), last)
    }

    /// A file the pane's script wrote into the work directory.
    package func file(_ name: String) -> String? {
        FileManager.default.contents(atPath: workDirectory + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Kills this tmux server (by its socket name) and removes the work directory.
    package func kill() {
        _ = try? tmux(["kill-server"], capture: false)
        try? FileManager.default.removeItem(atPath: workDirectory)
    }
}

/// Runs a program to completion (``ChildProcess``: a clean signal mask and default handlers, so a tmux server
/// it starts obeys `kill-server`). Returns stdout when `capture` is true; otherwise stdout goes to /dev/null (for
/// daemonizing commands). stderr is discarded.
package func spawn(_ argv: [String], capture: Bool) throws -> String {
    guard capture else {
        try ChildProcess(argv).waitUntilExit()
        return ""
    }
    return try ChildProcess.run(argv, errors: .null).output
}

/// ``spawn(_:capture:)`` on a thread of its own, for programs that run a while (a headless scenario run):
/// the caller awaits instead of holding one of the cooperative pool's 2 threads.
package func spawnOffPool(_ argv: [String], capture: Bool) async throws -> String {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
        Thread.detachNewThread { continuation.resume(with: Result { try spawn(argv, capture: capture) }) }
    }
}
