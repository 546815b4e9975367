import OptoLinkHTTP

/// What `GET /links/:id/qr.svg` and `qr.png` are asked for, and the image they answer.
///
/// - `size`: the image's width and height in pixels, 128–2048, default 256. The PNG is exactly that
///   large, with the largest whole number of pixels per module that fits the symbol and its 4-module
///   quiet zone (the leftover widens the margin); the SVG gets it as `width`/`height` (its view box is in
///   modules). It must also give every module at least 2 pixels (``minimumPixels(for:)``; at one pixel
///   a module, zbar reads nothing): 74 for the 29 modules of a typical short URL, so only a long host
///   or short code at `ecc=Q`/`H` can need more than 128.
/// - `ecc`: the error-correction level, `L`, `M`, `Q` or `H` (upper case), default `M`.
///
/// Anything else in either parameter is a 400 with the error envelope, naming the field.
struct QRRequest: Sendable, Equatable {
    /// The image format, from the route's last segment.
    enum Format: Sendable, Equatable {
        /// `image/svg+xml`.
        case svg
        /// `image/png`.
        case png
    }

    /// The accepted `size` values.
    static let pixelRange = 128...2048
    /// `size` when the query has none: a phone camera reads a 256-pixel code from a screen at arm's length.
    static let defaultPixels = 256

    /// SVG or PNG.
    var format: Format
    /// `size`: width and height in pixels.
    var pixels: Int
    /// `ecc`.
    var errorCorrection: QRErrorCorrection

    /// Reads `size` and `ecc` from `query` (other parameters are ignored).
    init(format: Format, query: [String: String]) throws(OptoLinkServerError) {
        self.format = format
        var details = [OptoLinkServerError.Detail]()
        pixels = QRRequest.defaultPixels
        if let text = query["size"] {
            if text.utf8.count <= 5, !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let value = Int(text),
                QRRequest.pixelRange.contains(value)
            {
                pixels = value
            } else {
                details.append(
                    .init(
                        message:
                            "size must be an integer from \(QRRequest.pixelRange.lowerBound) to "
                            + "\(QRRequest.pixelRange.upperBound) (pixels)",
                        field: "size"))
            }
        }
        errorCorrection = .medium
        if let text = query["ecc"] {
            if let level = QRErrorCorrection(rawValue: text) {
                errorCorrection = level
            } else {
                details.append(.init(message: "ecc must be one of L, M, Q, H", field: "ecc"))
            }
        }
        guard details.isEmpty else { throw .validation(details) }
    }

    /// The link's short URL, the QR code's content: `https://<custom domain>/<orgKey>/<shortCode>` when
    /// the org has a custom domain (its public base URL), else the request's `Host` (`https` for the
    /// platform domain, `http` for any other host: this server itself speaks plain HTTP, as on
    /// `127.0.0.1:8787`), else, without a usable `Host` (missing, or not a host name with an optional
    /// port), the platform domain over `https`.
    static func shortURL(
        orgKey: String, shortCode: String, customDomain: String?, host: String?, platformDomain: String
    ) -> String {
        let path = "/" + orgKey + "/" + shortCode
        if let customDomain, !customDomain.isEmpty { return "https://" + customDomain.lowercased() + path }
        if let host = host?.trimmingASCII(" \t").lowercased(), isAuthority(host) {
            return (host == platformDomain.lowercased() ? "https://" : "http://") + host + path
        }
        return "https://" + platformDomain.lowercased() + path
    }

    /// A host name or address with an optional port: 1–255 letters, digits, `.`, `-`, `:`, `[` and `]`.
    private static func isAuthority(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || ".-:[]".utf8.contains(byte)
            }
    }

    /// The least `size` for `code`: 2 pixels for each module of the symbol and its quiet zone.
    static func minimumPixels(for code: QRCode) -> Int { 2 * (code.size + 2 * QRPNGWriter.quietZone) }

    /// The image of `content` as asked: 200 with `image/svg+xml` or `image/png`, or 400 when `size` is
    /// smaller than the symbol needs.
    func response(content: String) throws(OptoLinkServerError) -> HTTPResponse {
        guard let code = QRCode.encode(Array(content.utf8), errorCorrection: errorCorrection) else {
            throw .badRequest("The short URL is too long for a QR code at ecc=\(errorCorrection.rawValue)")
        }
        let needed = QRRequest.minimumPixels(for: code)
        guard pixels >= needed else {
            throw .validation([
                .init(
                    message:
                        "size must be at least \(needed) for this link's QR code at ecc=\(errorCorrection.rawValue) "
                        + "(\(code.size) modules and the quiet zone, 2 pixels each)", field: "size")
            ])
        }
        switch format {
        case .svg:
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "image/svg+xml"), ("Cache-Control", "no-store")],
                body: Array(QRSVGWriter.svg(code, pixels: pixels).utf8))
        case .png:
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "no-store")],
                body: QRPNGWriter.png(code, pixels: pixels))
        }
    }
}
