import Foundation
import OptoLinkToolSupport

#if canImport(Glibc)
import Glibc
#endif

/// nginx serving static files on a loopback port, with its own configuration in a temp folder
/// (no system configuration, no log files outside it). Started in the foreground (`daemon off`) as a
/// child of the bench and stopped by its pid.
final class NginxRunner {
    let directory: String
    let port: Int
    private var child: ChildProcess?

    /// Writes the files (name → bytes) and the configuration; does not start yet.
    init(files: [String: Data]) throws {
        directory = NSTemporaryDirectory() + "optolink-bench-nginx-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard let port = Loopback.freePort() else { throw BenchError("no free loopback port") }
        self.port = port
        let manager = FileManager.default
        for sub in ["", "/www", "/tmp"] {
            try manager.createDirectory(
                atPath: directory + sub, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
        }
        for (name, data) in files {
            let path = directory + "/www/" + name
            guard manager.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o644]) else {
                throw BenchError("cannot write \(path)")
            }
        }
        let configuration = """
            # optolink-bench: static files on 127.0.0.1:\(port); everything stays in \(directory).
            daemon off;
            master_process on;
            worker_processes 2;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(directory)/tmp/body;
                proxy_temp_path \(directory)/tmp/proxy;
                fastcgi_temp_path \(directory)/tmp/fastcgi;
                uwsgi_temp_path \(directory)/tmp/uwsgi;
                scgi_temp_path \(directory)/tmp/scgi;
                keepalive_requests 1000000;
                keepalive_timeout 10s;
                types { application/json json; }
                default_type application/json;
                server {
                    listen 127.0.0.1:\(port);
                    root \(directory)/www;
                    location / { }
                }
            }

            """
        try configuration.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
    }

    /// Starts nginx and waits until it accepts connections.
    func start(binary: String) throws {
        child = try ChildProcess(
            [binary, "-p", directory + "/", "-c", directory + "/nginx.conf", "-e", directory + "/error.log"],
            output: .file(directory + "/stdout.log", append: false), errors: .sameAsOutput)
        guard Loopback.waitUntilAccepting(port: port, seconds: 5) else {
            let log = (try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? ""
            let out = (try? String(contentsOfFile: directory + "/stdout.log", encoding: .utf8)) ?? ""
            stop()
            throw BenchError(
                "nginx did not start: \((log + out).split(separator: "\n").suffix(2).joined(separator: " / "))")
        }
    }

    /// Stops nginx (SIGTERM, then SIGKILL after 5 s) and removes the temp folder.
    func stop() {
        child?.stop(signal: SIGTERM, grace: 5)
        child = nil
        try? FileManager.default.removeItem(atPath: directory)
    }
}
