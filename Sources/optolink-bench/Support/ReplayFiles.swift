import Foundation

/// Writes a synthetic pair of replay files for the bench, streaming (a few MB of memory whatever the size): `rows`
/// clicks over 30 days on a pool of addresses (homes of a few devices, carrier addresses of many), and `rows`
/// first opens, 80 % after a click (median about 37 minutes, 85 % on the click's address), 40 % of those with
/// the click's token; rows in no time order.
enum ReplayFiles {
    /// A small fast generator (xorshift64*), seeded.
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
    }

    private static let versions = ["26.2", "26.1", "18.7", "18.6", "17.7"]
    private static let models = ["iPhone17,1", "iPhone16,1", "iPhone15,2", "iPhone14,5", "iPhone13,2"]
    private static let languages = ["en-US", "de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"]
    private static let zones = ["America/New_York", "Europe/Berlin", "Europe/Paris", "America/Sao_Paulo", "Asia/Tokyo"]

    static func write(rows: Int, clicks: String, opens: String) throws {
        guard let clickFile = fopen(clicks, "wb"), let openFile = fopen(opens, "wb") else {
            throw POSIXError(.EACCES)
        }
        defer {
            fclose(clickFile)
            fclose(openFile)
        }
        var clickBuffer = "click_id,time,address,platform,os_version,language,timezone,device_model,token\n"
        var openBuffer = "open_id,time,address,platform,os_version,device_model,language,timezone,token\n"
        func flush(_ buffer: inout String, _ file: UnsafeMutablePointer<FILE>, force: Bool = false) {
            guard force || buffer.utf8.count > 1 << 20 else { return }
            _ = buffer.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
            buffer.removeAll(keepingCapacity: true)
        }
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        let start = 1_767_225_600.0
        let homes = max(1, rows / 3)
        let carriers = max(1, rows / 200)
        func address(_ random: inout Random) -> String {
            if random.unit() < 0.6 {
                let home = random.below(homes)
                return "10.\(home >> 16 & 255).\(home >> 8 & 255).\(home & 255)"
            }
            let pool = random.below(carriers)
            return "100.\(64 + (pool >> 16 & 63)).\(pool >> 8 & 255).\(pool & 255)"
        }
        for row in 0..<rows {
            let device = random.below(versions.count * models.count * languages.count * zones.count)
            let (version, model) = (versions[device % 5], models[device / 5 % 5])
            let (language, zone) = (languages[device / 25 % 6], zones[device / 150 % 5])
            let clickTime = start + random.unit() * 30 * 86_400
            let clickAddress = address(&random)
            let token = "opl_" + String(UInt64(row) &* 0x9E37_79B9_7F4A_7C15, radix: 36)
            clickBuffer +=
                "c\(row),\(String(format: "%.3f", clickTime)),\(clickAddress),iOS,\(version),\(language),,,\(token)\n"
            let clicked = random.unit() < 0.8
            // After a click: a median of 37 minutes, from about 2 minutes to 10 hours.
            let delay = 2220 * exp(5.5 * (random.unit() - 0.5))
            let openTime = clicked ? clickTime + delay : start + random.unit() * 30 * 86_400
            let openAddress = clicked && random.unit() < 0.85 ? clickAddress : address(&random)
            let carried = clicked && random.unit() < 0.4 ? token : ""
            openBuffer +=
                "o\(row),\(String(format: "%.3f", openTime)),\(openAddress),iOS,\(version),\"\(model)\",\(language),"
                + "\(zone),\(carried)\n"
            flush(&clickBuffer, clickFile)
            flush(&openBuffer, openFile)
        }
        flush(&clickBuffer, clickFile, force: true)
        flush(&openBuffer, openFile, force: true)
    }
}
