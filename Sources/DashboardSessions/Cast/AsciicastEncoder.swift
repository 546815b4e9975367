import DashboardCore
import Foundation

/// Writes frames as asciicast v2 lines (asciinema's format): a header line, then one
/// `[time, "o", "data"]` event per frame that changed the screen, the data being what a terminal needs to go
/// from the previous frame to this one (``ANSIScreenEncoder``).
///
/// ```swift
/// var cast = AsciicastEncoder(settings: CastSettings())
/// print(cast.header(timestamp: Date()))
/// if let line = cast.frame(buffer, theme: theme, at: 12.5) { print(line) }
/// ```
///
/// Times are the recorded ones from the first frame, each gap capped at ``CastSettings/idleLimit`` and then
/// divided by ``CastSettings/speed``; a frame that changes nothing writes nothing (and its time does not count
/// as activity).
package struct AsciicastEncoder: Sendable {
    /// The settings.
    package let settings: CastSettings
    private let screen = ANSIScreenEncoder()
    private var previous: ScreenBuffer?
    private var previousTheme: Theme?
    private var lastTime: Double?
    private var elapsed = 0.0
    /// Frames written so far.
    package private(set) var frames = 0

    /// An encoder with no frame yet.
    package init(settings: CastSettings) { self.settings = settings }

    /// The header line: version 2, the size, when it was recorded, the idle limit, the terminal it assumes.
    package func header(timestamp: Date, title: String? = nil) -> String {
        var fields = [
            "\"version\":2", "\"width\":\(settings.size.width)", "\"height\":\(settings.size.height)",
            "\"timestamp\":\(Int(timestamp.timeIntervalSince1970.rounded(.down)))",
            "\"idle_time_limit\":\(Self.number(settings.idleLimit))",
        ]
        if let title { fields.append("\"title\":\(Self.json(title))") }
        fields.append("\"env\":{\"TERM\":\"xterm-256color\",\"SHELL\":\"/bin/sh\"}")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The event line that draws `buffer` (recorded at `time`, seconds on any clock) over the previous frame;
    /// nil when it looks the same.
    package mutating func frame(_ buffer: ScreenBuffer, theme: Theme, at time: Double) -> String? {
        let data =
            previousTheme == theme
            ? screen.changes(from: previous, to: buffer, theme: theme) : screen.screen(buffer, theme: theme)
        guard !data.isEmpty else { return nil }
        if let lastTime {
            let gap = min(max(0, time - lastTime), settings.idleLimit)
            elapsed += gap / max(settings.speed, .leastNonzeroMagnitude)
        }
        lastTime = time
        previous = buffer
        previousTheme = theme
        frames += 1
        return "[\(Self.number(elapsed)), \"o\", \(Self.json(data))]"
    }

    /// `1.5`, `0.033`: at most three decimals (milliseconds), no trailing zeros.
    static func number(_ value: Double) -> String {
        let text = String(format: "%.3f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// `text` as a JSON string (control characters as `\u001b`…).
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
