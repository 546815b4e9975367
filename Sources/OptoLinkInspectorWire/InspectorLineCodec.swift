import Foundation
import OptoLink

/// Encodes and decodes the lines of the attach protocol (newline-delimited JSON, see
/// ``InspectorProtocol``). Decoding never traps and never trusts a size: a line longer than
/// ``InspectorProtocol/maxLineBytes``, anything but UTF-8 JSON nested at most 512 deep, another
/// `"v"`, a missing or mistyped field, all come back as ``InspectorDecoding/refused(_:)`` with a sentence
/// saying what was wrong.
///
/// ```swift
/// let line = InspectorLineCodec.encode(.dropped(count: 3))!          // {"count":3,"type":"dropped","v":1}\n
/// if case .message(let message) = InspectorLineCodec.decode(line.dropLast()) { … }
/// ```
package enum InspectorLineCodec {
    /// The line for `message`, newline included; nil when it cannot fit ``InspectorProtocol/maxLineBytes``
    /// (a diagnostic whose link params are too big is sent without them first).
    /// - Parameters:
    ///   - message: the line to write.
    ///   - encoder: reuse one per thread to save its set-up (default: a new one).
    package static func encode(_ message: InspectorMessage, encoder: JSONEncoder = makeEncoder()) -> [UInt8]? {
        if let line = encodeOnce(message, encoder), line.count <= InspectorProtocol.maxLineBytes { return line }
        if case .diagnostic(let diagnostic) = message,
            let line = encodeOnce(.diagnostic(diagnostic.withoutLinkParams()), encoder),
            line.count <= InspectorProtocol.maxLineBytes
        {
            return line
        }
        return nil
    }

    /// An encoder set up for lines (compact, keys sorted so equal messages give equal lines, slashes unescaped).
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    private static func encodeOnce(_ message: InspectorMessage, _ encoder: JSONEncoder) -> [UInt8]? {
        guard var bytes = try? encoder.encode(InspectorEnvelope(message: message)) else { return nil }
        bytes.append(0x0A)
        return Array(bytes)
    }

    /// Decodes one line (without its newline; a trailing `\r` is allowed).
    package static func decode<Bytes: Collection>(_ line: Bytes) -> InspectorDecoding where Bytes.Element == UInt8 {
        guard line.count < InspectorProtocol.maxLineBytes else {
            return .refused(
                InspectorRefusal(
                    reason: .tooLong,
                    message:
                        "a line of \(line.count) bytes is longer than the protocol's \(InspectorProtocol.maxLineBytes)")
            )
        }
        var data = Data(line)
        if data.last == 0x0D { data.removeLast() }
        // JSONDecoder refuses bad UTF-8, control characters in strings and nesting deeper than 512.
        let head: InspectorLineHead
        do {
            head = try JSONDecoder().decode(InspectorLineHead.self, from: data)
        } catch let error as DecodingError {
            if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty {
                return malformed("the line is not a JSON object")
            }
            return malformed("the line is not valid JSON (\(describe(error)))")
        } catch {
            return malformed("the line is not valid JSON")
        }
        guard case .number(let versionNumber)? = head.v else {
            return malformed("the line has no numeric \"v\" (protocol version)")
        }
        guard versionNumber == Double(InspectorProtocol.version) else {
            let shown =
                versionNumber.rounded() == versionNumber && abs(versionNumber) < 1e9
                ? String(Int(versionNumber)) : "\(versionNumber)"
            return .refused(
                InspectorRefusal(
                    reason: .version,
                    message:
                        "this peer speaks attach protocol v\(InspectorProtocol.version), the line says "
                        + "v\(shown): update the SDK or the dashboard"
                ))
        }
        guard case .string(let type)? = head.type else { return malformed("the line has no string \"type\"") }
        do {
            let decoder = JSONDecoder()
            switch type {
            case "hello":
                let hello = try decoder.decode(InspectorHello.self, from: data)
                if let problem = hello.oversizedField() { return malformed(problem) }
                return .message(.hello(hello))
            case "welcome": return .message(.welcome(try decoder.decode(InspectorWelcome.self, from: data)))
            case "refused": return .message(.refused(try decoder.decode(InspectorRefusal.self, from: data)))
            case "diagnostic": return .message(.diagnostic(try decoder.decode(InspectorDiagnostic.self, from: data)))
            case "dropped":
                let count = try decoder.decode(InspectorDroppedCount.self, from: data).count
                guard count >= 0 else { return malformed("dropped: field 'count' must not be negative") }
                return .message(.dropped(count: count))
            case "command": return .message(.command(try decoder.decode(InspectorCommand.self, from: data)))
            case "commandResult":
                return .message(.commandResult(try decoder.decode(InspectorCommandResult.self, from: data)))
            default:
                return .unknownType(InspectorText.cut(type, to: 64))
            }
        } catch let error as DecodingError {
            return malformed("\(type): \(describe(error))")
        } catch {
            return malformed("\(type): \(error)")
        }
    }

    private static func malformed(_ message: String) -> InspectorDecoding {
        .refused(InspectorRefusal(reason: .malformed, message: message))
    }

    /// `field 'a.b': expected Int` and the like, without the decoder's long context.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the line" : "field '\(text)'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): expected \(type), got null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? context.debugDescription : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// The two fields every line has, read before the payload.
private struct InspectorLineHead: Decodable {
    let v: JSONValue?
    let type: JSONValue?
}

/// The payload of a `dropped` line.
private struct InspectorDroppedCount: Decodable {
    let count: Int

    private enum CodingKeys: String, CodingKey { case count }

    init(from decoder: any Decoder) throws {
        count = try decoder.container(keyedBy: CodingKeys.self).wholeNumber(forKey: .count)
    }
}
