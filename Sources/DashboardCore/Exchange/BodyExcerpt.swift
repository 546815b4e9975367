import Foundation
import OptoLink

/// What the doctor quotes of an answer's body (or of a message read from one) on its one-line checklist:
/// every run of whitespace and control characters (newlines, tabs, carriage returns included) folded to one
/// space, the ends trimmed, and the text cut at ``maxLength`` characters with `…`.
///
/// ```swift
/// BodyExcerpt.line(Data("<html>\n  <head>\n".utf8))   // "<html> <head>"
/// ```
package enum BodyExcerpt {
    /// The longest excerpt, in characters, its `…` included: 100 (default), enough to recognise an error page
    /// or a message, short enough to keep a checklist line readable.
    package static let maxLength = 100

    /// The excerpt of a body, read as UTF-8 (bytes that are not UTF-8 become U+FFFD).
    package static func line(_ body: Data, maxLength: Int = maxLength) -> String {
        line(String(decoding: body, as: UTF8.self), maxLength: maxLength)
    }

    /// The excerpt of `text`.
    package static func line(_ text: String, maxLength: Int = maxLength) -> String {
        var folded = ""
        var count = 0
        var pendingSpace = false
        for character in text {
            if folds(character) {
                pendingSpace = count > 0
                continue
            }
            if pendingSpace {
                folded.append(" ")
                count += 1
                pendingSpace = false
            }
            folded.append(character)
            count += 1
            // One character past the limit is enough to know the text must be cut.
            if count > maxLength { break }
        }
        guard count > maxLength else { return folded }
        var cut = String(folded.prefix(max(0, maxLength - 1)))
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    /// What an error answer says, on one line: its JSON `message` (or `error.message`, QubeRoute's envelope),
    /// else the start of its body.
    package static func message(_ body: Data) -> String {
        let object = (try? JSONDecoder().decode(JSONValue.self, from: body))?.objectValue
        let said = object?["message"]?.stringValue ?? object?["error"]?["message"]?.stringValue
        return said.map { line($0) } ?? line(body)
    }

    /// Whitespace (newlines included) and control characters (NUL, ESC, DEL…): folded to one space.
    private static func folds(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
}
