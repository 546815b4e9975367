import DashboardCore
import Foundation
import OptoLinkToolSupport

/// Reads a replay's two CSV files into ``ReplayData``, streaming: the clicks first (their tokens are what label
/// the opens), then the opens. Columns are found by name in the header row (extra columns are ignored, the
/// optional ones may be missing); `click_id`/`open_id`, `time` and `address` must be there and never empty.
/// With a shard, the rows of the address groups that fall in it are kept (``done()``).
///
/// A bad file stops the read with one message naming the file, the line, the column and what is expected:
/// `clicks.csv:12: column 2 (time): expected ISO 8601 or epoch seconds, found 'yesterday'`.
///
/// ```swift
/// var loader = ReplayLoader()
/// try loader.read(path: "clicks.csv", as: .clicks)
/// try loader.read(path: "opens.csv", as: .opens)
/// let data = loader.data
/// ```
package struct ReplayLoader: Sendable {
    /// The 128 bits a clipboard token is compared by (two independent 64-bit hashes of its bytes).
    private struct TokenKey: Hashable, Sendable {
        var first: UInt64
        var second: UInt64

        init(_ bytes: ArraySlice<UInt8>) {
            first = ReplayHash.fnv1a(bytes)
            second = ReplayHash.mix(bytes)
        }
    }

    /// What has been read.
    package private(set) var data = ReplayData()
    /// The rows kept: every one, or those of a shard.
    package let shard: ReplayShard?
    private var addressIndex: [String: UInt32] = [:]
    private var signalsIndex: [String: UInt32] = [:]
    private var tokens: [TokenKey: Int32] = [:]

    /// A loader keeping every row, or only `shard`'s.
    package init(shard: ReplayShard? = nil) {
        self.shard = shard
    }

    /// Reads the file at `path` (by chunks of 1 MiB).
    /// - Throws: ``DashboardError/lab(_:)`` naming the file, line and column, or the file that cannot be read.
    package mutating func read(path: String, as kind: ReplayFileKind) throws(DashboardError) {
        switch UserFile.kind(of: path) {
        case .directory: throw .lab("\(path): cannot read the \(kind.rawValue) file (is a directory, not a file)")
        case .unreachable(let reason): throw .lab("\(path): cannot read the \(kind.rawValue) file (\(reason))")
        case .regular, .stream: break
        }
        guard let file = fopen(path, "rb") else {
            throw .lab("\(path): cannot read the \(kind.rawValue) file (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        var reader = Reader(kind: kind, file: path)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var first = true
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 {
                if ferror(file) != 0 { throw .lab("\(path): cannot read the \(kind.rawValue) file") }
                break
            }
            if first, buffer[..<min(count, 512)].contains(0) || buffer[..<count].starts(with: [0x1F, 0x8B]) {
                throw .lab(
                    "\(path): is not a CSV file of \(kind.rawValue): it holds binary bytes (compressed? unpack it "
                        + "first)")
            }
            first = false
            try Self.typed {
                try buffer.withUnsafeBytes { chunk in
                    try feed(&reader, UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                }
            }
        }
        try finish(&reader)
    }

    /// Reads a whole file's text (for tests and small files); `file` is the name its messages use.
    /// - Throws: ``DashboardError/lab(_:)`` naming the file, line and column.
    package mutating func read(text: String, file: String, as kind: ReplayFileKind) throws(DashboardError) {
        var reader = Reader(kind: kind, file: file)
        var bytes = Array(text.utf8)
        try Self.typed {
            try bytes.withUnsafeMutableBytes { chunk in try feed(&reader, UnsafeRawBufferPointer(chunk)) }
        }
        try finish(&reader)
    }

    /// Ends the read and gives the rows (the token map is only needed while opens are labeled).
    ///
    /// With a shard, the rows kept are those of the address groups that fall in it. Matching is per address,
    /// except that a clipboard token ties an open to a click on another address (its production match by token,
    /// which takes the click from its address's candidates): addresses tied by a labeled open form one group,
    /// and a group goes to the shard of its smallest address's stable hash, so each shard decides its opens
    /// exactly as the whole run does. Without tokens across addresses, a group is one address.
    package mutating func done() -> ReplayData {
        tokens = [:]
        addressIndex = [:]
        signalsIndex = [:]
        guard let shard, shard.count > 1 else { return data }
        var parent = Array(0..<data.addresses.count)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        for open in 0..<data.opens.count where data.labels[open] >= 0 {
            let a = root(Int(data.opens.addresses[open]))
            let b = root(Int(data.clicks.addresses[Int(data.labels[open])]))
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        var smallest = [Int](repeating: -1, count: data.addresses.count)
        for address in data.addresses.indices {
            let group = root(address)
            if smallest[group] < 0 || data.addresses[address] < data.addresses[smallest[group]] {
                smallest[group] = address
            }
        }
        let inShard = data.addresses.indices.map { address in
            shard.keeps(address: data.addresses[smallest[root(address)]].utf8)
        }
        var kept = ReplayData()
        kept.addresses = data.addresses
        kept.signals = data.signals
        var newIndex = [Int32](repeating: -1, count: data.clicks.count)
        for click in 0..<data.clicks.count where inShard[Int(data.clicks.addresses[click])] {
            newIndex[click] = Int32(kept.clicks.count)
            kept.clicks.copy(row: click, of: data.clicks)
        }
        for open in 0..<data.opens.count where inShard[Int(data.opens.addresses[open])] {
            kept.opens.copy(row: open, of: data.opens)
            let label = data.labels[open]
            kept.labels.append(label >= 0 ? newIndex[Int(label)] : -1)
            kept.unknown.append(data.unknown[open])
            if data.unknown[open] { kept.unknownTokens += 1 }
        }
        return kept
    }

    // MARK: Reading

    /// Runs `body`, whose only errors are ``DashboardError``s thrown through an untyped closure.
    private static func typed(_ body: () throws -> Void) throws(DashboardError) {
        do {
            try body()
        } catch let error as DashboardError {
            throw error
        } catch {
            throw .lab("\(error)")
        }
    }

    /// One file's reading state: its name and where its columns are.
    private struct Reader {
        let kind: ReplayFileKind
        let file: String
        /// The parser, between chunks.
        var parser = ReplayCSVParser()
        /// Each documented column's index in the file, nil when it is missing.
        var positions: [Int?]? = nil
    }

    private mutating func feed(_ reader: inout Reader, _ chunk: UnsafeRawBufferPointer) throws(DashboardError) {
        do {
            var parser = reader.parser
            reader.parser = ReplayCSVParser()
            defer { reader.parser = parser }
            try parser.feed(chunk) { record in try self.take(record, &reader) }
        } catch let failure as ReplayCSVParser.Failure {
            throw Self.error(reader, failure)
        } catch let error as DashboardError {
            throw error
        } catch {
            throw .lab("\(reader.file): \(error)")
        }
    }

    private mutating func finish(_ reader: inout Reader) throws(DashboardError) {
        do {
            var parser = reader.parser
            try parser.finish { record in try self.take(record, &reader) }
        } catch let failure as ReplayCSVParser.Failure {
            throw Self.error(reader, failure)
        } catch let error as DashboardError {
            throw error
        } catch {
            throw .lab("\(reader.file): \(error)")
        }
        if reader.positions == nil {
            throw .lab(
                "\(reader.file):1: expected a header row naming the columns "
                    + reader.kind.columns.joined(separator: ", ") + " (the file is empty)")
        }
    }

    private static func error(_ reader: Reader, _ failure: ReplayCSVParser.Failure) -> DashboardError {
        let name = reader.positions.flatMap { positions in
            positions.firstIndex { $0 == failure.column - 1 }.map { " (\(reader.kind.columns[$0]))" }
        }
        return .lab(
            "\(reader.file):\(failure.line): column \(failure.column)\(name ?? ""): expected \(failure.expected)")
    }

    private mutating func take(_ record: ReplayCSVRecord, _ reader: inout Reader) throws {
        guard let positions = reader.positions else {
            reader.positions = try Self.header(record, reader)
            return
        }
        let kind = reader.kind
        func position(_ column: Int) -> Int? { positions[column] }
        func field(_ column: Int) -> ArraySlice<UInt8> { positions[column].map(record.field) ?? [] }
        func fail(_ column: Int, _ expected: String) -> DashboardError {
            let number = (positions[column] ?? 0) + 1
            return .lab(
                "\(reader.file):\(record.line): column \(number) (\(kind.columns[column])): expected \(expected)")
        }
        let address = field(2)
        let id = field(0)
        guard !id.isEmpty else { throw fail(0, "a \(kind.idColumn), found an empty field") }
        guard let time = ReplayTime.seconds(field(1)) else {
            let found = String(decoding: field(1).prefix(40), as: UTF8.self)
            throw fail(1, "a time as ISO 8601 (2026-03-01T12:30:05Z) or epoch seconds, found '\(found)'")
        }
        guard !address.isEmpty else { throw fail(2, "the address the \(kind == .clicks ? "click" : "open") came from") }
        let (platform, osVersion) = (field(3), field(4))
        let (language, timezone, model) =
            kind == .clicks ? (field(5), field(6), field(7)) : (field(6), field(7), field(5))
        let addressIndex = intern(address: String(decoding: address, as: UTF8.self))
        let signalsIndex = intern(
            platform: platform, osVersion: osVersion, deviceModel: model, language: language, timezone: timezone)
        let token = field(8)
        switch kind {
        case .clicks:
            if !token.isEmpty {
                let key = TokenKey(token)
                if let earlier = tokens[key] {
                    throw fail(
                        8, "a token of this click's own, found the token of click_id '\(data.clicks.ids[Int(earlier)])'"
                    )
                }
                tokens[key] = Int32(data.clicks.count)
            }
            append(&data.clicks, time: time, address: addressIndex, signals: signalsIndex, id: id)
        case .opens:
            var label: Int32 = -1
            if !token.isEmpty {
                if let click = tokens[TokenKey(token)] { label = click } else { data.unknownTokens += 1 }
            }
            data.labels.append(label)
            data.unknown.append(!token.isEmpty && label < 0)
            append(&data.opens, time: time, address: addressIndex, signals: signalsIndex, id: id)
        }
        _ = position
    }

    private func append(
        _ rows: inout ReplayData.Rows, time: Double, address: UInt32, signals: UInt32, id: ArraySlice<UInt8>
    ) {
        rows.times.append(time)
        rows.addresses.append(address)
        rows.signals.append(signals)
        rows.ids.append(id)
    }

    /// Each documented column's position in the header.
    private static func header(_ record: ReplayCSVRecord, _ reader: Reader) throws -> [Int?] {
        var names = record.strings.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        let positions = reader.kind.columns.map { names.firstIndex(of: $0) }
        let missing = reader.kind.required.filter { names.firstIndex(of: $0) == nil }
        if !missing.isEmpty {
            throw DashboardError.lab(
                "\(reader.file):\(record.line): expected a header row naming the columns "
                    + reader.kind.columns.joined(separator: ", ") + "; missing " + missing.joined(separator: ", "))
        }
        return positions
    }

    private mutating func intern(address: String) -> UInt32 {
        if let known = addressIndex[address] { return known }
        let index = UInt32(data.addresses.count)
        data.addresses.append(address)
        addressIndex[address] = index
        return index
    }

    private mutating func intern(
        platform: ArraySlice<UInt8>, osVersion: ArraySlice<UInt8>, deviceModel: ArraySlice<UInt8>,
        language: ArraySlice<UInt8>, timezone: ArraySlice<UInt8>
    ) -> UInt32 {
        var key = [UInt8]()
        key.reserveCapacity(platform.count + osVersion.count + deviceModel.count + language.count + timezone.count + 4)
        for (offset, part) in [platform, osVersion, deviceModel, language, timezone].enumerated() {
            if offset > 0 { key.append(0x1F) }
            key.append(contentsOf: part)
        }
        let text = String(decoding: key, as: UTF8.self)
        if let known = signalsIndex[text] { return known }
        func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        let index = UInt32(data.signals.count)
        data.signals.append(
            .fields(
                platform: string(platform), osVersion: string(osVersion), deviceModel: string(deviceModel),
                language: string(language), timezone: string(timezone)))
        signalsIndex[text] = index
        return index
    }
}
