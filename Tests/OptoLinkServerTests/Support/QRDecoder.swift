import Foundation
import OptoLinkToolSupport
import Testing

/// The real decoder the QR tests read images with: `zbarimg` (Debian `zbar-tools`), and `rsvg-convert`
/// (Debian `librsvg2-bin`) to rasterize an SVG first. `.ci/run` installs both; elsewhere the decoding
/// tests skip, with this reason, when a tool is missing. Under CI (`CI` set) a missing tool fails them.
enum QRDecoder {
    static let zbarimg = ChildProcess.find("zbarimg")
    static let rsvgConvert = ChildProcess.find("rsvg-convert")

    /// Why the decoding tests cannot run here, or nil when they can.
    static let missing: String? = {
        var absent = [String]()
        if zbarimg == nil { absent.append("zbarimg (Debian zbar-tools)") }
        if rsvgConvert == nil { absent.append("rsvg-convert (Debian librsvg2-bin)") }
        return absent.isEmpty
            ? nil : "not installed: " + absent.joined(separator: ", ") + "; bash .ci/run installs them"
    }()

    /// Whether the decoding tests run: the tools are there, or this is CI (where their absence is a failure).
    static var shouldRun: Bool { missing == nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// The skip comment of the decoding tests.
    static var skipReason: Comment { Comment(rawValue: missing ?? "") }

    /// Fails the calling test when a tool is missing (only reached under CI).
    static func requireTools() throws {
        if let missing { throw DecoderError("QR decoder \(missing)") }
    }

    struct DecoderError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs `work` on a thread of its own and waits for it without holding a thread of the cooperative
    /// pool: the decoders block in `waitUntilExit` and the encoding is seconds of CPU in a debug build,
    /// which on the pool (2 threads here) starved every async test running beside them.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Decodes every PNG in one `zbarimg --xml` run (blocking: call it inside ``offThePool(_:)``): the texts of the QR
    /// codes found in each image, in order.
    static func decode(pngs: [[UInt8]]) throws -> [[String]] {
        try requireTools()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths = [String]()
        for (index, png) in pngs.enumerated() {
            let path = directory.appendingPathComponent("\(index).png").path
            try Data(png).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let output = try run(zbarimg!, ["--xml", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable"] + paths)
        // <source href='…/N.png'> … <data><![CDATA[text]]></data> … </source>, one source per image.
        var results = Array(repeating: [String](), count: pngs.count)
        for source in output.components(separatedBy: "<source href='").dropFirst() {
            guard let quote = source.firstIndex(of: "'"), let name = source[..<quote].split(separator: "/").last,
                let index = Int(name.replacingOccurrences(of: ".png", with: "")), results.indices.contains(index)
            else { continue }
            for part in source.components(separatedBy: "<data><![CDATA[").dropFirst() {
                if let end = part.range(of: "]]></data>") { results[index].append(String(part[..<end.lowerBound])) }
            }
        }
        return results
    }

    /// Decodes one PNG.
    static func decode(png: [UInt8]) throws -> [String] { try decode(pngs: [png])[0] }

    /// `svg` rasterized by rsvg-convert to a PNG `width` pixels wide (blocking: call it inside ``offThePool(_:)``).
    static func rasterize(svg: String, width: Int) throws -> [UInt8] {
        try requireTools()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("code.svg").path
        let output = directory.appendingPathComponent("code.png").path
        try svg.write(toFile: input, atomically: true, encoding: .utf8)
        _ = try run(rsvgConvert!, ["-w", String(width), "-b", "white", "-o", output, input])
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// Runs `tool` and returns its standard output (standard error is discarded: zbarimg's hints).
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run([tool] + arguments, errors: .null)
        // zbarimg exits 4 when an image had no code: the per-image results say which.
        guard run.status == 0 || (tool == zbarimg && run.status == 4) else {
            throw DecoderError("\(tool) exited \(run.status)")
        }
        return run.output
    }
}
