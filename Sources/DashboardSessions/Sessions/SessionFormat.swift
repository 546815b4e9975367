/// The session file's constants: its name, its version and the limits a reader holds to.
///
/// A session file is UTF-8 text, one JSON object per line, each line ended by `\n`: first a
/// ``SessionHeader``, then one ``SessionEntry`` per recorded change of the dashboard's data, in the order
/// the dashboard applied them (`docs/dashboard.md`, "Sessions", documents every field).
package enum SessionFormat {
    /// The header's `format` (what tells a session file from any other JSON lines).
    package static let name = "optolink-session"
    /// The version this dashboard writes and the newest it reads. A file of a newer version is refused
    /// with a message (its entries may mean what this version cannot show); older versions are read.
    package static let version = 2
    /// The longest line a reader accepts (4 MiB): the largest entry, a browser visit of
    /// ``SimulatedBrowser/maxHops`` hops with two 16 KiB bodies each, is well under 1 MiB even with every
    /// byte escaped; a longer line is not a session's.
    package static let maxLineBytes = 4 * 1024 * 1024
    /// The largest session file the dashboard opens (256 MiB): a recorded hour of an attached app is a few
    /// megabytes (`docs/dashboard.md`), and the panes keep only their bounded histories, so a larger file
    /// holds far more than they can show; it is refused with a message rather than read for minutes.
    package static let maxFileBytes: Int64 = 256 * 1024 * 1024
    /// The largest HAR file opened (64 MiB): a HAR is one JSON document, read whole.
    package static let maxHARBytes: Int64 = 64 * 1024 * 1024
    /// The file extension the dashboard gives the sessions it names itself.
    package static let fileExtension = "olsession"
}
