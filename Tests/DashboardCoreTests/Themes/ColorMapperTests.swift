import Testing

@testable import DashboardCore

@Suite("ColorMapper")
struct ColorMapperTests {
    @Test func trueColourKeepsRGBPackedForDirectColour() {
        #expect(ColorMapper.map(.rgb(red: 0x12, green: 0x34, blue: 0x56), to: .trueColor) == 0x123456)
    }

    @Test func rgbMapsToTheNearestOfThe256Palette() {
        #expect(ColorMapper.map(.rgb(red: 255, green: 0, blue: 0), to: .palette256) == 196)
        #expect(ColorMapper.map(.rgb(red: 0x5f, green: 0x87, blue: 0xff), to: .palette256) == 16 + 36 * 1 + 6 * 2 + 5)
        // grey ramp: 8 + 10·12 = 128
        #expect(ColorMapper.map(.rgb(red: 128, green: 128, blue: 128), to: .palette256) == 244)
        #expect(ColorMapper.map(.rgb(red: 0, green: 0, blue: 0), to: .palette256) == 16)
    }

    @Test func rgbAnd256MapDownTo16And8() {
        #expect(ColorMapper.map(.rgb(red: 255, green: 0, blue: 0), to: .ansi16) == 9)
        #expect(ColorMapper.map(.rgb(red: 255, green: 0, blue: 0), to: .ansi8) == 1)
        #expect(ColorMapper.map(.rgb(red: 200, green: 200, blue: 200), to: .ansi8) == 7)
        #expect(ColorMapper.map(.indexed(196), to: .ansi16) == 9)
        #expect(ColorMapper.map(.indexed(21), to: .ansi8) == 4)  // 0,0,255 → blue
        #expect(ColorMapper.map(.indexed(12), to: .ansi8) == 4)  // bright blue → blue
        #expect(ColorMapper.map(.indexed(12), to: .ansi16) == 12)
        #expect(ColorMapper.map(.indexed(100), to: .palette256) == 100)
    }

    @Test func terminalDefaultAndMonoAreMinusOne() {
        for depth in ColorDepth.allCases { #expect(ColorMapper.map(.terminalDefault, to: depth) == -1) }
        #expect(ColorMapper.map(.rgb(red: 1, green: 2, blue: 3), to: .mono) == -1)
        #expect(ColorMapper.map(.indexed(5), to: .mono) == -1)
    }

    @Test func everyMappedColourIsInRangeForItsDepth() {
        let limits: [ColorDepth: Int] = [.ansi8: 8, .ansi16: 16, .palette256: 256]
        for (depth, limit) in limits {
            for index in 0..<256 { #expect((0..<limit).contains(ColorMapper.map(.indexed(index), to: depth))) }
            for v in stride(from: 0, through: 255, by: 17) {
                #expect((0..<limit).contains(ColorMapper.map(.rgb(red: v, green: 255 - v, blue: v / 2), to: depth)))
            }
        }
    }

    @Test func depthDetectionHonoursNoColor() {
        #expect(ColorDepth.detect(colors: 256, noColor: nil) == .palette256)
        #expect(ColorDepth.detect(colors: 256, noColor: "1") == .mono)
        #expect(ColorDepth.detect(colors: 256, noColor: "") == .palette256)
        #expect(ColorDepth.detect(colors: 16_777_216, noColor: nil) == .trueColor)
        #expect(ColorDepth.detect(colors: 8, noColor: nil) == .ansi8)
        #expect(ColorDepth.detect(colors: 88, noColor: nil) == .ansi16)
        #expect(ColorDepth.detect(colors: 2, noColor: nil) == .mono)
    }
}
