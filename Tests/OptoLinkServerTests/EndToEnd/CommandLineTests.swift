import Foundation
import OptoLinkToolSupport
import TestSupport
import Testing

@testable import OptoLinkServer

/// The `optolink-server` and `optolink-lab-server` executables, when they have been built (`swift build` builds
/// them with the tests).
@Suite(.tags(.processes), .skippable(.processes)) struct CommandLineTests {
    static let debug = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug")
    static let binary = debug.appendingPathComponent("optolink-server").path
    /// The match lab's server: the reference server with the lab's control, outside what `optolink-server` ships.
    static let labBinary = debug.appendingPathComponent("optolink-lab-server").path
    static var built: Bool { FileManager.default.isExecutableFile(atPath: binary) }
    static var labBuilt: Bool { FileManager.default.isExecutableFile(atPath: labBinary) }

    func launch(_ arguments: [String], binary: String = Self.binary) throws -> (ChildProcess, FileHandle, FileHandle) {
        let process = try ChildProcess([binary] + arguments, output: .pipe, errors: .pipe)
        guard let out = process.outputReader, let err = process.errorReader else { throw POSIXError(.EPIPE) }
        return (process, out, err)
    }

    /// Waits up to 10 s; kills the process (SIGKILL) and answers false when it is still running.
    func waitForExit(_ process: ChildProcess) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard process.isRunning else { return true }
        process.stop(signal: SIGKILL, grace: 0)
        return false
    }

    /// What the server printed on `out` until `marker` (or end of file, or 10 s).
    static func read(_ out: FileHandle, until marker: String) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains(marker), Date() < deadline {
            let data = out.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }

    @Test(.enabled(if: built)) func printsListeningFirstServesAndStopsOnSIGTERM() throws {
        let (process, out, _) = try launch(["--port", "0"])
        let text = Self.read(out, until: "\n")
        let first = String(text.prefix { $0 != "\n" })
        #expect(
            first.range(of: #"^listening on http://127\.0\.0\.1:[0-9]+$"#, options: .regularExpression) != nil,
            "\(first)")
        let port = Int(first.split(separator: ":").last ?? "") ?? 0
        #expect(TestConnection(port: port).request("GET", "/health")?.status == 200)
        process.signal(SIGTERM)  // SIGTERM
        #expect(waitForExit(process), "the server did not exit on SIGTERM")
        #expect(process.status == 0)
        let rest = text + String(decoding: out.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("opl_sdk_demo_client_key_0000000001"))  // demo keys are printed with the built-in seed
    }

    @Test(.enabled(if: labBuilt)) func theLabServerOpensTheLabsControlAndRefusesProductionAndASeed() throws {
        // Given the lab's server started for the match lab
        let (process, out, _) = try launch(["--port", "0", "--links", "3", "--window", "2"], binary: Self.labBinary)
        let text = Self.read(out, until: "match lab control")
        let first = String(text.prefix { $0 != "\n" })
        let port = Int(first.split(separator: ":").last ?? "") ?? 0

        // Then it says so, and /dev/lab answers its links and window
        #expect(text.contains("match lab control: links lab0…lab2 (2 h)"), "\(text)")
        let status = TestConnection(port: port).request("GET", "/dev/lab")
        #expect(status?.status == 200 && status?.json?["links"]?.numberValue == 3, "\(status?.text ?? "-")")
        process.signal(SIGTERM)
        #expect(waitForExit(process))

        // And with --production or --seed, or numbers out of range, it does not start (exit 2, naming the clash)
        let refusals = [
            (["--links", "3", "--production"], "--production"), (["--links", "3", "--seed", "/x.json"], "--seed"),
            (["--links", "100001"], "1–100000"), (["--links", "3", "--window", "721"], "1–720"),
            (["--window", "2"], "--links N is required"),
        ]
        for (arguments, naming) in refusals {
            let (refused, _, err) = try launch(["--port", "0"] + arguments, binary: Self.labBinary)
            #expect(waitForExit(refused))
            #expect(refused.status == 2, "\(arguments)")
            let message = String(decoding: err.readDataToEndOfFile(), as: UTF8.self)
            #expect(message.contains(naming), "\(message)")
        }
    }

    @Test(.enabled(if: built)) func theShippedServerHasNoLabFlagsAndNoLabRoutes() throws {
        // Given the shipped server asked for the lab's links
        let (refused, _, err) = try launch(["--port", "0", "--lab-links", "5"])

        // Then it refuses the flag as unknown (exit 2)
        #expect(waitForExit(refused))
        #expect(refused.status == 2)
        let message = String(decoding: err.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("unknown argument '--lab-links'"), "\(message)")
        #expect(!message.contains("--lab-window"))

        // And started plainly, it has no /dev/lab
        let (process, out, _) = try launch(["--port", "0"])
        let first = String(Self.read(out, until: "\n").prefix { $0 != "\n" })
        let port = Int(first.split(separator: ":").last ?? "") ?? 0
        #expect(TestConnection(port: port).request("GET", "/dev/lab")?.status == 404)
        process.signal(SIGTERM)
        #expect(waitForExit(process))
    }

    @Test(.enabled(if: built)) func badSeedFileStopsStartUpNamingTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-seed-\(UUID().uuidString).json")
            .path
        try
            (#"{"platformDomain":"x","orgs":[{"orgKey":"demo","name":"D","status":"ACTIVE","#
            + #""keys":[{"key":"opl_sdk_abcdefghijklmnop","tier":"ADMIN"}]}]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (process, _, err) = try launch(["--port", "0", "--seed", path])
        #expect(waitForExit(process))
        let message = String(decoding: err.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.status != 0)
        #expect(message.contains(path))
        #expect(message.contains("tier"))
    }

    @Test(.enabled(if: built)) func unknownArgumentIsAUsageError() throws {
        let (process, _, err) = try launch(["--frobnicate"])
        #expect(waitForExit(process))
        #expect(process.status == 2)
        #expect(String(decoding: err.readDataToEndOfFile(), as: UTF8.self).contains("usage:"))
    }

    /// Issue 13: `--help` lists every flag with its default, and a bad value is a usage error (exit 2).
    @Test(.enabled(if: built)) func helpListsEveryFlagWithItsDefault() throws {
        let (process, out, _) = try launch(["--help"])
        #expect(waitForExit(process))
        let help = String(decoding: out.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.status == 0)
        for (flag, defaultText) in [
            ("--trusted-proxy CIDR", "default none"), ("--max-connections N", "default 512"),
            ("--max-connections-per-address N", "default 64"), ("--storage-workers N", "default 4"),
            ("--max-clicks-per-address N", "default 1000"), ("--click-memory MIB", "default 128"),
            ("--max-click-rows N", "default 1000000"), ("--trust-forwarded-for", "right-most"),
        ] {
            #expect(help.contains(flag), "\(flag) missing from --help")
            let section =
                help.components(separatedBy: "  " + flag).dropFirst().first?.components(separatedBy: "\n  --").first
                ?? ""
            #expect(section.contains(defaultText), "\(flag): \(section)")
        }
        for bad in [["--max-connections-per-address", "0"], ["--click-memory", "lots"], ["--storage-workers", "-1"]] {
            let (badProcess, _, err) = try launch(bad)
            #expect(waitForExit(badProcess))
            #expect(badProcess.status == 2, "\(bad)")
            #expect(String(decoding: err.readDataToEndOfFile(), as: UTF8.self).contains(bad[0]))
        }
        let (proxy, _, proxyErr) = try launch(["--port", "0", "--trusted-proxy", "10.0.0.0/33"])
        #expect(waitForExit(proxy))
        #expect(proxy.status == 2)
        #expect(
            String(decoding: proxyErr.readDataToEndOfFile(), as: UTF8.self).contains("10.0.0.0/33")
        )
    }
}
