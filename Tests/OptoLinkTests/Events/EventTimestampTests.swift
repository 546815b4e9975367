import Foundation
import TestSupport
import Testing

@testable import OptoLink

@Suite("Event and AppsFlyer timestamps, written as bytes")
struct EventTimestampTests {
    /// The timestamp as it was written before, one string per field: kept as the oracle the byte writer
    /// must agree with.
    static func oracleStringPerField(_ date: Date, zoneLetter: Bool) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let msPerDay: Int64 = 86_400_000
        var days = millis / msPerDay
        var rest = millis % msPerDay
        if rest < 0 {
            rest += msPerDay
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600_000, 2)):\(pad(rest / 60_000 % 60, 2)):"
            + "\(pad(rest / 1000 % 60, 2)).\(pad(rest % 1000, 3))" + (zoneLetter ? "Z" : "")
    }

    @Test func theByteWriterAgreesWithTheStringPerFieldOracleOnSeededDates() {
        // Given 20 000 seeded instants from year -2000 to 12000, and the edges of the digits' widths
        var random = SeededRandom(seed: 0x2f_71_3e)
        var dates = (0..<20_000).map { _ in
            Date(
                timeIntervalSince1970: Double(Int64.random(in: -125_000_000_000...316_000_000_000, using: &random))
                    / 1000)
        }
        dates += [-62_135_596_800.001, -62_135_596_800, 253_402_300_799.999, 253_402_300_800, 0, -0.001].map {
            Date(timeIntervalSince1970: $0)
        }

        // When each is written both ways, with and without the zone letter
        let differences = dates.filter { date in
            EventQueue.timestamp(date) != Self.oracleStringPerField(date, zoneLetter: true)
                || EventQueue.timestamp(date, zoneLetter: false) != Self.oracleStringPerField(date, zoneLetter: false)
        }

        // Then they agree on every one
        #expect(differences.isEmpty, "\(differences.prefix(5).map { $0.timeIntervalSince1970 })")
    }

    @Test func appsFlyersTimestampIsTheEventTimestampWithoutItsZoneLetter() {
        let date = Date(timeIntervalSince1970: 1_788_264_000.25)
        #expect(AppsFlyerProvider.timestamp(date) == "2026-09-01T12:00:00.250")
        #expect(EventQueue.timestamp(date) == "2026-09-01T12:00:00.250Z")
    }
}
