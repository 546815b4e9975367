import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Finds the external tools a measure needs and installs the missing ones with apt-get (Debian
/// packages only), saying so on stdout.
enum Tooling {
    /// A tool and the Debian package that ships it.
    struct Tool: Sendable {
        var binary: String
        var package: String
    }

    /// Paths of the tools (nil when still missing) and what happened, for the notes.
    static func ensure(_ tools: [Tool]) -> (paths: [String: String], notes: [String]) {
        var paths: [String: String] = [:]
        for tool in tools { paths[tool.binary] = Spawn.which(tool.binary) }
        let missing = tools.filter { paths[$0.binary] == nil }
        guard !missing.isEmpty else { return (paths, []) }
        let packages = missing.map(\.package)
        var notes: [String] = []
        guard getuid() == 0 else {
            let text =
                "\(missing.map(\.binary).joined(separator: ", ")) missing and not root: cannot apt-get install "
                + "\(packages.joined(separator: " "))"
            print("optolink-bench: \(text)")
            return (paths, [text])
        }
        print(
            "optolink-bench: \(missing.map(\.binary).joined(separator: ", ")) missing: installing with apt-get "
                + "install -y \(packages.joined(separator: " "))"
        )
        let environment = ["DEBIAN_FRONTEND": "noninteractive"]
        var result = try? Spawn.run(
            ["apt-get", "install", "-y", "--no-install-recommends"] + packages, extraEnvironment: environment)
        if result?.status != 0 {
            print("optolink-bench: apt-get install failed; running apt-get update and trying again")
            _ = try? Spawn.run(["apt-get", "update"], extraEnvironment: environment)
            result = try? Spawn.run(
                ["apt-get", "install", "-y", "--no-install-recommends"] + packages, extraEnvironment: environment)
        }
        for tool in tools { paths[tool.binary] = Spawn.which(tool.binary) }
        if result?.status == 0 {
            print("optolink-bench: installed \(packages.joined(separator: " "))")
            notes.append("Installed with apt-get during this run: \(packages.joined(separator: ", ")).")
        } else {
            let tail =
                result?.output.split(separator: "\n").suffix(3).joined(separator: " / ") ?? "apt-get could not run"
            print("optolink-bench: apt-get install failed: \(tail)")
            notes.append("apt-get install \(packages.joined(separator: " ")) failed: \(tail)")
        }
        return (paths, notes)
    }
}
