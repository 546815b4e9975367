import Foundation
import Testing

@testable import OptoLinkServer

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SVG itself: well-formed XML, its attributes, and its path drawing exactly the code's modules.
@Suite struct QRSVGWriterTests {
    /// Collects the elements and attributes of a document; `parse()` is false when it is not well-formed XML.
    final class Collector: NSObject, XMLParserDelegate {
        var elements = [(name: String, attributes: [String: String])]()
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((name, attributes))
        }
    }

    static func parse(_ svg: String) -> (wellFormed: Bool, elements: [(name: String, attributes: [String: String])]) {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        return (parser.parse(), collector.elements)
    }

    /// Fills the modules the path's `M x y h w v1 h-w z` runs cover; nil for any other shape.
    static func modules(ofPath path: String, span: Int) -> [[Bool]]? {
        var grid = Array(repeating: Array(repeating: false, count: span), count: span)
        for run in path.split(separator: "M") {
            guard run.hasSuffix("z") else { return nil }
            let numbers = run.dropLast().split(whereSeparator: { " hv".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 5, numbers[2] > 0, numbers[3] == 1, numbers[4] == -numbers[2] else { return nil }
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            guard (0..<span).contains(y), x >= 0, x + width <= span else { return nil }
            for column in x..<(x + width) { grid[y][column] = true }
        }
        return grid
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func theSVGIsWellFormedAndDrawsExactlyTheDarkModules(level: QRErrorCorrection) throws {
        // Given a code and its SVG, 300 pixels wide
        let code = try #require(
            QRCode.encode(
                Array("https://links.demo.test/demo/summer?utm=qr&level=\(level.rawValue)".utf8), errorCorrection: level
            ))
        let svg = QRSVGWriter.svg(code, pixels: 300)
        // When it is parsed as XML
        let (wellFormed, elements) = Self.parse(svg)
        // Then it is well-formed: an svg root of 300 × 300 with a view box of the symbol and its quiet zone
        #expect(wellFormed)
        let span = code.size + 8
        #expect(elements.map(\.name) == ["svg", "rect", "path"])
        #expect(elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(elements.first?.attributes["width"] == "300" && elements.first?.attributes["height"] == "300")
        #expect(elements.first?.attributes["viewBox"] == "0 0 \(span) \(span)")
        #expect(elements[1].attributes["fill"] == "#ffffff" && elements[1].attributes["width"] == "\(span)")
        // and its path covers exactly the dark modules, offset by the quiet zone
        let path = try #require(elements.last?.attributes["d"])
        let grid = try #require(Self.modules(ofPath: path, span: span))
        for y in 0..<span {
            for x in 0..<span {
                let inside = (4..<(4 + code.size)).contains(x) && (4..<(4 + code.size)).contains(y)
                #expect(grid[y][x] == (inside && code[x: x - 4, y: y - 4]), "module \(x), \(y)")
            }
        }
    }
}
