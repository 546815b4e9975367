import Foundation
import OptoLinkHTTP

/// Routes 1 and 2: the redirect page a browser click lands on, and the JSON an SDK reads on a direct open.
enum ResolutionRoutes {
    /// `GET /:orgKey/:shortCode/data[?deviceId=]` → `{linkId, path, params}`; tracks the click and
    /// upserts the device profile when a deviceId (8–100 characters) is given.
    static func data(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let (org, link) = try backend.resolve(
            orgKey: context.params["orgKey"] ?? "", shortCode: context.params["shortCode"] ?? "",
            access: context.access)
        let params = try backend.mergedParams(for: link, access: context.access)  // every read before any write
        if let deviceId = request.query["deviceId"] {
            guard (8...100).contains(deviceId.count) else {
                throw OptoLinkServerError.validation([
                    .init(message: "deviceId must be 8–100 characters long", field: "deviceId")
                ])
            }
            // fire-and-forget (section 1.1)
            backend.store.queueDeviceUpsert(orgId: org.id, id: deviceId, now: context.now)
        }
        backend.store.queueClick(
            linkId: link.id, source: "data", ipHash: backend.ipHash(context.ip),
            fingerprint: ClickFingerprint(), now: context.now)  // fire-and-forget (section 1.1)
        return .json(["linkId": .string(link.id), "path": .string(link.path), "params": .object(params)])
    }

    /// `GET /:orgKey/:shortCode`: records the click (address, platform and OS version from the
    /// User-Agent, language from Accept-Language), mints a clipboard token and answers an HTML page
    /// whose script copies the token and then continues to the store.
    static func redirectPage(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse
    {
        let (org, link) = try backend.resolve(
            orgKey: context.params["orgKey"] ?? "", shortCode: context.params["shortCode"] ?? "",
            access: context.access)
        let fingerprint = ClickFingerprint.headers(
            userAgent: request.header("User-Agent"), acceptLanguage: request.header("Accept-Language"))
        let record = try backend.recordClick(
            link: link, ip: context.ip, fingerprint: fingerprint, at: context.now, access: context.access)
        backend.store.queueClick(
            linkId: link.id, source: "redirect", ipHash: record.ipHash, fingerprint: fingerprint, token: record.token,
            now: context.now)
        return .html(page(org: org, link: link, token: record.token, platform: fingerprint.platform))
    }

    /// Where the page continues after copying the token.
    static func continueURL(org: OrgRecord, token: String, platform: String?) -> String? {
        guard let bundle = org.bundleId,
            let encoded = bundle.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "._-")))
        else { return nil }
        switch platform {
        case "iOS": return "https://apps.apple.com/search?term=\(encoded)"
        case "Android": return "https://play.google.com/store/apps/details?id=\(encoded)&referrer=\(token)"
        default: return nil
        }
    }

    static func page(org: OrgRecord, link: LinkRecord, token: String, platform: String?) -> String {
        let target = continueURL(org: org, token: token, platform: platform)
        let targetJS = target.map { "\"\(escapeJS($0))\"" } ?? "null"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapeHTML(org.name))</title>
            </head>
            <body>
            <main>
            <h1>Opening \(escapeHTML(org.name))…</h1>
            <p>Link: <code>\(escapeHTML(link.path))</code></p>
            <p><button id="continue" type="button">Continue</button></p>
            <input id="token" type="hidden" value="\(escapeHTML(token))" data-clipboard-token="\(escapeHTML(token))">
            </main>
            <script>
            (function () {
              var token = "\(escapeJS(token))";
              var target = \(targetJS);
              function proceed() { if (target) { window.location.replace(target); } }
              function fallbackCopy() {
                try {
                  var area = document.createElement("textarea");
                  area.value = token; area.setAttribute("readonly", ""); \
            area.style.position = "absolute"; area.style.left = "-9999px";
                  document.body.appendChild(area); area.select(); \
            document.execCommand("copy"); document.body.removeChild(area);
                } catch (e) {}
              }
              function copyThenContinue() {
                if (navigator.clipboard && navigator.clipboard.writeText) {
                  navigator.clipboard.writeText(token).then(proceed, function () { fallbackCopy(); proceed(); });
                } else { fallbackCopy(); proceed(); }
              }
              document.getElementById("continue").addEventListener("click", copyThenContinue);
              copyThenContinue();
            })();
            </script>
            </body>
            </html>
            """
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    static func escapeJS(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.:/?=&%+ ,".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else {
                out += String(format: "\\u%04x", scalar.value <= 0xFFFF ? scalar.value : 0xFFFD)
            }
        }
        return out
    }
}
