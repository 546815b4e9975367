import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an SVG back: the text of each `<text>` element and the fills of its `<tspan>`s.
package final class SVGReader: NSObject, XMLParserDelegate {
    package var rows: [String] = []
    package var fills: [[String]] = []
    package var rects = 0
    private var inText = false

    package static func read(_ svg: String) -> (reader: SVGReader, ok: Bool, error: String?) {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        let ok = parser.parse()
        return (reader, ok, parser.parserError.map { "\($0)" })
    }

    package func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "text":
            inText = true
            rows.append("")
            fills.append([])
        case "tspan": fills[fills.count - 1].append(attributes["fill"] ?? "")
        case "rect": rects += 1
        default: break
        }
    }

    package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
    {
        if name == "text" { inText = false }
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { rows[rows.count - 1] += string }
    }
}
