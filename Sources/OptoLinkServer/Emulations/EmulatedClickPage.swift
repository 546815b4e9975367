import Foundation
import OptoLinkHTTP

/// The HTML the emulated click URLs answer: a small page naming the app and the link, with the
/// continue targets the service would send the phone to. Escaping is OptoLink's redirect page's.
enum EmulatedClickPage {
    /// A whole page: `title`, then `body` (already HTML), then `script` (JavaScript, may be empty).
    static func html(title: String, body: String, script: String = "") -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        </head>
        <body>
        <main>
        \(body)
        </main>
        \(script.isEmpty ? "" : "<script>\n(function () {\n\(script)\n})();\n</script>")
        </body>
        </html>
        """
    }

    /// Text for HTML content and attribute values.
    static func escape(_ text: String) -> String { ResolutionRoutes.escapeHTML(text) }

    /// A JavaScript string literal (with its quotes), or `null`.
    static func jsString(_ text: String?) -> String {
        text.map { "\"\(ResolutionRoutes.escapeJS($0))\"" } ?? "null"
    }

    /// `text` percent-encoded for a query value.
    static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? ""
    }
}
