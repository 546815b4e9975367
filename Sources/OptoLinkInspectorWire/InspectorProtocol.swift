/// The attach protocol's constants: version, limits, the Bonjour service type and the default port.
///
/// The wire format is newline-delimited JSON over TCP: one UTF-8 JSON object per line, each with
/// `"v": 1` and a `"type"`. The full schema is in `docs/attach.md`.
package enum InspectorProtocol {
    /// The protocol version every line carries as `"v"`. A peer refuses (and closes) a line with another one.
    package static let version = 1
    /// The longest line either side accepts, newline included: 64 KiB. A longer line closes the connection.
    package static let maxLineBytes = 65_536
    /// The longest string the SDK puts in a field (log messages, reasons, names): 4 KiB of UTF-8, cut at a
    /// character boundary with `…`, so every diagnostic fits a line.
    package static let maxStringBytes = 4_096
    /// The Bonjour service type a dashboard advertises and the SDK browses for (list it in `NSBonjourServices`).
    package static let serviceType = "_optolink._tcp"
    /// The port `optolink-dash --attach` listens on by default.
    package static let defaultPort = 7420
}
