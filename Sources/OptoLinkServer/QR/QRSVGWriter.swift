/// Draws a ``QRCode`` as an SVG document: a white square with the 4-module quiet zone, the dark
/// modules as one path of horizontal runs (one `M…h…v1h…z` per run), `width`/`height` of `pixels`,
/// the view box in modules, `shape-rendering="crispEdges"` so rasterizers do not blur module edges.
enum QRSVGWriter {
    /// Light modules around the symbol on each side (section 9.1: at least 4).
    static let quietZone = 4

    /// The SVG text for `code`, displayed `pixels` wide and high.
    static func svg(_ code: QRCode, pixels: Int) -> String {
        let span = code.size + 2 * quietZone
        var path = ""
        for y in 0..<code.size {
            var x = 0
            while x < code.size {
                guard code[x: x, y: y] else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < code.size, code[x: end, y: y] { end += 1 }
                path += "M\(x + quietZone) \(y + quietZone)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(span) \(span)" shape-rendering="crispEdges">
            <rect width="\(span)" height="\(span)" fill="#ffffff"/>
            <path fill="#000000" d="\(path)"/>
            </svg>

            """
    }
}
