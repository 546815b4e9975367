import Foundation

/// The `optolink-server` binary as a child process on 127.0.0.1 port 0.
struct ServerProcess {
    let child: LoggedChild
    let port: Int

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the server with `arguments` (plus `--port 0`) and waits for its `listening on` line.
    static func start(_ arguments: [String], log: URL) async throws -> ServerProcess {
        let marker = "listening on http://127.0.0.1:"
        // Lines from an earlier run in the same log come first: wait for one more `listening on` line.
        let earlier = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let before = earlier.split(separator: "\n").filter { $0.hasPrefix(marker) }.count
        let child = try LoggedChild(try Binaries.url("optolink-server"), ["--port", "0"] + arguments, log: log)
        guard await child.wait(timeout: 20, until: { $0.filter { $0.hasPrefix(marker) }.count > before }),
            let line = child.lines.last(where: { $0.hasPrefix(marker) }), let port = Int(line.dropFirst(marker.count))
        else {
            child.kill()
            throw ProbeError("optolink-server did not start: \(child.output)")
        }
        return ServerProcess(child: child, port: port)
    }
}
