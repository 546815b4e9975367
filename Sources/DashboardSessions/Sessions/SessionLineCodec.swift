import DashboardCore
import DashboardLab
import DashboardScenarios
import Foundation

/// Turns session lines into values and back: slashes unescaped, dates as seconds since 1970.
///
/// One codec per thread (`JSONEncoder` and `JSONDecoder` are classes): the writer's thread has its own.
package struct SessionLineCodec {
    /// The tools whose updates a session records: the lab's runs and the compares.
    package static let recordedUpdates: [any RecordedPanelUpdate.Type] = [LabUpdate.self, CompareUpdate.self]

    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// A codec with the session file's settings.
    package init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.userInfo[DashboardAction.recordedUpdatesKey] = Self.recordedUpdates
    }

    /// `value` as one line, `\n` included.
    package func line(_ value: some Encodable) throws -> Data {
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// A line (without its `\n`) as `type`.
    package func decode<T: Decodable>(_ type: T.Type, from line: Data) throws -> T {
        try decoder.decode(type, from: line)
    }
}
