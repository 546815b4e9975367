import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore

@Suite("ThemeParser")
struct ThemeParserTests {
    @Test func parsesNamesHexIndexesCommentsAndDefaults() throws {
        let text = """
            # a comment
            theme[main_fg]="#f8f8f2"

            theme[selected_bg]="bright_blue"   # trailing comment
            theme[dim_fg]=244
            theme[border_fg] = "#abc"
            theme[main_bg]=""
            """
        let parsed = try ThemeParser.parse(text, name: "t", file: "t.theme")
        #expect(parsed.warnings.isEmpty)
        #expect(parsed.theme[.mainFg] == .rgb(red: 0xf8, green: 0xf8, blue: 0xf2))
        #expect(parsed.theme[.selectedBg] == .indexed(12))
        #expect(parsed.theme[.dimFg] == .indexed(244))
        #expect(parsed.theme[.borderFg] == .rgb(red: 0xaa, green: 0xbb, blue: 0xcc))
        #expect(parsed.theme[.mainBg] == .terminalDefault)
    }

    @Test func missingKeysFallBackToTheBuiltInDefault() throws {
        let parsed = try ThemeParser.parse("theme[ok_fg]=\"green\"\n", name: "t", file: "t.theme")
        for key in ThemeKey.allCases where key != .okFg {
            #expect(parsed.theme[key] == key.defaultColor)
        }
        #expect(parsed.theme[.okFg] == .indexed(2))
    }

    @Test func unknownKeysAreWarningsNamingFileAndLine() throws {
        let parsed = try ThemeParser.parse(
            "theme[ok_fg]=\"green\"\ntheme[cpu_box]=\"red\"\n", name: "t", file: "x.theme")
        #expect(parsed.warnings == ["x.theme:2: unknown key 'cpu_box' ignored"])
    }

    @Test(arguments: [
        ("theme[ok_fg]=\"green\"\nthis is not a theme line\n", 2),
        ("theme[ok_fg]=\"notacolour\"\n", 1),
        ("\n\ntheme[ok_fg]=\"#12345\"\n", 3),
        ("theme[ok_fg]=\"green\n", 1),
        ("theme[ok_fg] \"green\"\n", 1),
        ("theme[ok_fg]=\"256\"\n", 1),
    ])
    func brokenLinesAreErrorsNamingFileAndLine(text: String, line: Int) {
        #expect {
            try ThemeParser.parse(text, name: "b", file: "broken.theme")
        } throws: { error in
            guard let error = error as? DashboardError else { return false }
            return error.isThemeSyntax && error.message.hasPrefix("broken.theme:\(line): ")
        }
    }

    @Test func monoFlagMakesAnAttributeOnlyTheme() throws {
        #expect(try ThemeParser.parse("theme[mono]=\"true\"\n", name: "m", file: "m.theme").theme.isMono)
        #expect(try !ThemeParser.parse("", name: "d", file: "d.theme").theme.isMono)
    }

    @Test func shippedThemesParseWithoutWarnings() throws {
        let folder = snapshotDirectory().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("themes")
        for name in ["default", "light", "high-contrast", "mono"] {
            let path = folder.appendingPathComponent(name + ".theme").path
            let text = try #require(
                FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
            let parsed = try ThemeParser.parse(text, name: name, file: path)
            #expect(parsed.warnings.isEmpty, "\(name)")
            if name == "default" { #expect(parsed.theme.colors == Theme.builtInDefault.colors) }
            if name == "mono" { #expect(parsed.theme.isMono) }
        }
    }
}
