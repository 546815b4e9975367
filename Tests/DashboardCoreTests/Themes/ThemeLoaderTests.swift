import Foundation
import Testing

@testable import DashboardCore

@Suite("ThemeLoader")
struct ThemeLoaderTests {
    /// A fresh temp folder with the given theme files.
    func folder(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "optolink-themes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    @Test func searchesFoldersInOrder() throws {
        let first = try folder(["a.theme": "theme[ok_fg]=\"red\"\n"])
        let second = try folder(["a.theme": "theme[ok_fg]=\"blue\"\n", "b.theme": "theme[ok_fg]=\"green\"\n"])
        let loader = ThemeLoader(searchDirectories: [first, second])
        #expect(loader.load("a").theme[.okFg] == .indexed(1))
        #expect(loader.load("b").theme[.okFg] == .indexed(2))
        #expect(loader.availableThemeNames() == ["default", "a", "b", "mono"])
    }

    @Test func brokenFileFallsBackToDefaultWithAnErrorNamingFileAndLine() throws {
        let dir = try folder(["bad.theme": "# ok\ntheme[ok_fg]=\"red\"\ngarbage\n"])
        let result = ThemeLoader(searchDirectories: [dir]).load("bad")
        #expect(result.theme == .builtInDefault)
        #expect(result.error?.message == "\(dir)/bad.theme:3: expected theme[key]=\"value\", got 'garbage'")
    }

    @Test func aHugeOrBinaryThemeIsOneShortLineNotItsBytes() throws {
        // Given a theme whose value is a megabyte of text with NULs in it, and one over the size read
        let value = String(repeating: "\u{0}x", count: 20_000)
        let dir = try folder([
            "long.theme": "theme[ok_fg]=\"\(value)\"\n", "big.theme": String(repeating: "# padding\n", count: 7_000),
        ])
        let loader = ThemeLoader(searchDirectories: [dir])
        // Then the long value is quoted escaped and cut, and the big file is refused by its size
        let long = try #require(loader.load("long").error?.message)
        // (80 characters of the value, each NUL written as the 5 characters \u{0})
        #expect(long.count < 600 && long.hasSuffix("…' is not a colour (name, #RRGGBB or 0-255)"), "\(long)")
        #expect(!long.contains("\u{0}") && long.contains("\\u{0}x"), "\(long.prefix(300))")
        #expect(
            loader.load("big").error?.message
                == "\(dir)/big.theme: cannot read the theme file: is 70000 bytes, more than the 65536 read")
        #expect(loader.load("big").theme == .builtInDefault)
    }

    @Test func pathsLoadDirectlyAndMissingNamesFallBack() throws {
        let dir = try folder(["mine.theme": "theme[ok_fg]=\"cyan\"\n"])
        let loader = ThemeLoader(searchDirectories: [])
        #expect(loader.load(dir + "/mine.theme").theme[.okFg] == .indexed(6))
        let missing = loader.load("nope")
        #expect(missing.theme == .builtInDefault)
        #expect(missing.error?.isThemeNotFound == true)
        #expect(loader.load("default").error == nil)
        #expect(loader.load("mono").theme.isMono)
    }

    @Test func noColorForcesMono() throws {
        let dir = try folder(["a.theme": "theme[ok_fg]=\"red\"\n"])
        let loader = ThemeLoader(searchDirectories: [dir], noColor: true)
        #expect(loader.load("a").theme.isMono)
        #expect(loader.availableThemeNames() == ["mono"])
    }

    @Test func standardLookupOrderIsCwdThenEnvThenExecutable() {
        let loader = ThemeLoader.standard(
            environment: ["OPTOLINK_THEMES": "/env/themes", "NO_COLOR": "1"],
            currentDirectory: "/work", executablePath: "/opt/bin/optolink-dash")
        #expect(loader.searchDirectories == ["/work/themes", "/env/themes", "/opt/bin/themes", "/opt/bin"])
        #expect(loader.noColor)
    }
}
